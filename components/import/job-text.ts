/** What a job and its slots say in words: each slot's status and the job's summary line. */
import { MAX_WAIT_MS } from '../../lib/api/waits';
import { t } from '../../lib/i18n';
import { progressOf } from '../../lib/jobs/job';
import type { ImportJob, JobItem } from '../../lib/storage/import-jobs';
import { localDateTime } from '../display-format';

export function statusText(item: JobItem): string {
  switch (item.status) {
    case 'pending':
      return t('import_status_pending');
    case 'writing':
      return t('import_status_writing');
    case 'done':
      return t('import_status_done');
    case 'skipped':
      return item.settled === 'server' ? t('import_status_keptLater') : t('import_status_skipped');
    case 'failed':
      return t('import_status_failed', item.error ?? '');
    case 'conflict':
      return t('import_status_conflict');
    case 'cancelled':
      // A document's slot not written because another slot of it is in conflict (lib/jobs/runner.ts).
      return item.error?.startsWith('heldBack') ? t('import_status_heldBack') : t('import_status_cancelled');
  }
}

export function summary(job: ImportJob, count: (status: JobItem['status']) => string): string {
  switch (job.state) {
    case 'running': {
      const { settled, total } = progressOf(job);
      return t('import_running', [String(settled), String(total)]);
    }
    case 'finished':
      return t('import_finished', [count('done'), count('skipped'), count('failed')]);
    case 'cancelled':
      return t('import_cancelled', [count('done'), count('cancelled')]);
    case 'paused':
      return pausedText(job);
    case 'failed':
      return t('import_jobFailed', job.error ?? '');
  }
}

/** "Paused: the server asks to wait 12 min, longer than the 5 min this extension waits. … Resume after …" */
function pausedText(job: ImportJob): string {
  const { settled, total } = progressOf(job);
  const { waitMs, resumeAt } = job.pause ?? { waitMs: MAX_WAIT_MS, resumeAt: job.createdAt };
  const minutes = (ms: number) => String(Math.ceil(ms / 60_000));
  const at = localDateTime(new Date(resumeAt).toISOString());
  return t('import_paused', [minutes(waitMs), minutes(MAX_WAIT_MS), String(settled), String(total), at]);
}
