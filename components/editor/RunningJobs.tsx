/** The bar of running jobs below the editor's sections: one line per kind's running job. */
import type { ReadonlySignal } from '@preact/signals';
import { type BarJob, JobBar } from '../jobs/JobBar';
import type { ImportSection } from '../import/import-panel-model';

/** The job bar, on its own: a job's progress renders the bar, not the whole editor. */
export function RunningJobs({
  bars,
  show,
}: {
  bars: readonly ReadonlySignal<BarJob<ImportSection> | null>[];
  show: (section: ImportSection) => void;
}) {
  return <JobBar jobs={bars.flatMap((bar) => bar.value ?? [])} show={show} />;
}
