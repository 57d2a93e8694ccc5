/** What a job and its slots say in words: each slot's status and the job's summary line. */
import { LAST_DATE_MS, MAX_BELIEVED_WAIT_MS, MAX_WAIT_MS } from '../../lib/api/waits';
import { t } from '../../lib/i18n';
import { progressOf } from '../../lib/jobs/job';
import type { Job, JobItem } from '../../lib/storage/jobs';
import { dateTimeAt } from '../date-format';

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

export function summary(job: Job, count: (status: JobItem['status']) => string): string {
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

/** A wait past a day in words: "3 days", "31,709 years". */
function longWait(ms: number): string {
  const days = ms / 86_400_000;
  if (days < 730) return t('wait_days', String(Math.ceil(days)));
  return t('wait_years', Math.round(days / 365.25).toLocaleString());
}

/**
 * "Paused: the server asks to wait 12 min, longer than the 5 min this extension waits. … Resume after …";
 * a wait past a day is believed for a day and said so; one past any date is a broken answer, in words.
 */
function pausedText(job: Job): string {
  const { settled, total } = progressOf(job);
  const { waitMs, resumeAt } = job.pause ?? { waitMs: MAX_WAIT_MS, resumeAt: job.createdAt };
  const at = dateTimeAt(resumeAt);
  const counts = [String(settled), String(total)];
  if (at === null || !(resumeAt - MAX_BELIEVED_WAIT_MS + waitMs <= LAST_DATE_MS))
    return t('import_pausedImpossible', [Math.round(waitMs / 1000).toLocaleString(), ...counts]);
  if (waitMs > MAX_BELIEVED_WAIT_MS) return t('import_pausedLong', [longWait(waitMs), ...counts, at]);
  const minutes = (ms: number) => String(Math.ceil(ms / 60_000));
  return t('import_paused', [minutes(waitMs), minutes(MAX_WAIT_MS), ...counts, at]);
}
