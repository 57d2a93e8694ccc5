/** The bar of running jobs below the editor's sections: the import (or its undo) and the backup. */
import type { ReadonlySignal } from '@preact/signals';
import { minutesFor } from '../../lib/backup/backup-plan';
import { t } from '../../lib/i18n';
import type { Backup } from '../backup/backup-model';
import type { ImportSection, RunningJob } from '../import/import-panel-model';
import { type BarJob, JobBar } from './JobBar';

/** The job bar, on its own: a job's progress renders the bar, not the whole editor. */
export function RunningJobs({
  running,
  backup,
  show,
}: {
  running: ReadonlySignal<RunningJob | null>;
  backup: Backup;
  show: (section: ImportSection) => void;
}) {
  return <JobBar jobs={runningJobs(running.value, backup, show)} />;
}

function runningJobs(
  running: RunningJob | null,
  backup: Backup,
  show: (section: ImportSection) => void,
): BarJob[] {
  const jobs: BarJob[] = [];
  if (running) {
    jobs.push({
      key: 'import',
      what: running.kind === 'undo' ? t('jobbar_undo') : t('jobbar_import'),
      settled: running.settled,
      total: running.total,
      minutesLeft: running.minutesLeft,
      cancelling: running.cancelling,
      onCancel: running.cancel,
      onShow: () => show(running.section),
    });
  }
  const job = backup.job.value;
  if (job?.state === 'running') {
    const minutes = minutesFor(job.toRead, job.perMinute);
    jobs.push({
      key: 'backup',
      what: t('jobbar_backup'),
      settled: job.settled,
      total: job.total,
      minutesLeft: minutes > 0 ? minutes : null,
      cancelling: backup.busy.value === 'cancelling',
      onCancel: () => void backup.cancel(job.id),
      onShow: () => show('backup'),
    });
  }
  return jobs;
}
