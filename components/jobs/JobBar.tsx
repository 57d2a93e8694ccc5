/**
 * The editor's long jobs (an import, a restore or copy, an undo, a backup) in one compact bar that
 * stays at the bottom of the window whichever section is shown: what runs, how far, the time left,
 * a way to its section and Cancel. Each kind's model gives its job's line (`bar`).
 */
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';

/** A running job's line in the bar; `S`: the sections of the page that show jobs. */
export interface BarJob<S extends string = string> {
  key: string;
  /** "Import", "Undo", "Backup". */
  what: string;
  settled: number;
  total: number;
  /** Minutes left; null when not known (before the first slot, while paused). */
  minutesLeft: number | null;
  cancelling: boolean;
  cancel: () => void;
  /** The section whose result region shows the job. */
  section: S;
}

export function JobBar<S extends string>({
  jobs,
  show,
}: {
  jobs: readonly BarJob<S>[];
  show(section: S): void;
}) {
  if (jobs.length === 0) return null;
  return (
    <section class="job-bar" aria-label={t('jobbar_label')}>
      {jobs.map((job) => (
        <JobLine key={job.key} job={job} onShow={() => show(job.section)} />
      ))}
    </section>
  );
}

function JobLine({ job, onShow }: { job: BarJob; onShow: () => void }) {
  const id = useId();
  return (
    <div class="job-bar__job">
      <strong id={id} class="job-bar__what">
        {job.what}
      </strong>
      <progress class="job-bar__progress" max={job.total} value={job.settled} aria-labelledby={id} />
      <span class="job-bar__text">
        {t('backup_progress', [String(job.settled), String(job.total)])}
        {job.minutesLeft !== null && ` · ${t('jobbar_left', String(job.minutesLeft))}`}
      </span>
      <span class="job-bar__actions">
        <button type="button" class="button button--small" aria-describedby={id} onClick={onShow}>
          {t('jobbar_show')}
        </button>
        <button
          type="button"
          class="button button--small"
          aria-describedby={id}
          aria-disabled={job.cancelling ? 'true' : undefined}
          onClick={() => {
            if (!job.cancelling) job.cancel();
          }}
        >
          {t('action_cancel')}
        </button>
      </span>
    </div>
  );
}
