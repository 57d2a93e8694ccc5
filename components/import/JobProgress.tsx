/** A running or finished import (or undo) as stored by the worker: progress bar and per-slot results. */
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { type ImportJob, type JobItem, progressOf } from '../../lib/import/job';

function statusText(item: JobItem): string {
  switch (item.status) {
    case 'pending':
      return t('import_status_pending');
    case 'writing':
      return t('import_status_writing');
    case 'done':
      return t('import_status_done');
    case 'skipped':
      return t('import_status_skipped');
    case 'failed':
      return t('import_status_failed', item.error ?? '');
  }
}

export interface JobProgressProps {
  job: ImportJob;
  onUndo?: () => void;
  undoing?: boolean;
}

export function JobProgress({ job, onUndo, undoing = false }: JobProgressProps) {
  const id = useId();
  const { settled, total } = progressOf(job);
  const count = (status: JobItem['status']) => String(job.items.filter((i) => i.status === status).length);
  const finished = job.state === 'finished';
  const label = job.kind === 'undo' ? t('import_undoProgress') : t('import_progress');
  return (
    <section class="job" aria-labelledby={id}>
      <h3 id={id}>{label}</h3>
      <progress class="job__bar" max={total} value={settled} aria-label={label} />
      <p class="hint" role="status">
        {finished
          ? t('import_finished', [count('done'), count('skipped'), count('failed')])
          : t('import_running', [String(settled), String(total)])}
      </p>
      <ol class="job__items" aria-label={t('import_results')}>
        {job.items.map((item) => (
          <li key={item.slot} class={`job__item job__item--${item.status}`}>
            <span class="job__slot">{t('import_slot', String(item.slot))}</span>{' '}
            <span class="job__status">{statusText(item)}</span>
          </li>
        ))}
      </ol>
      {finished && job.kind === 'import' && onUndo && job.items.some((i) => i.status === 'done') && (
        <button
          type="button"
          class="button"
          aria-disabled={undoing ? 'true' : undefined}
          onClick={() => {
            if (!undoing) onUndo();
          }}
        >
          {t('import_undo')}
        </button>
      )}
    </section>
  );
}
