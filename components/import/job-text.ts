/** What a job and its slots say in words: each slot's status and the job's summary line. */
import { t } from '../../lib/i18n';
import { progressOf } from '../../lib/jobs/job';
import type { Job, JobItem } from '../../lib/storage/jobs';
import { type PauseWords, pausedText } from '../jobs/pause-text';

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

const IMPORT_PAUSE: PauseWords = {
  paused: 'import_paused',
  long: 'import_pausedLong',
  impossible: 'import_pausedImpossible',
};

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
      return pausedText(job.pause, job.createdAt, progressOf(job), IMPORT_PAUSE);
    case 'failed':
      return t('import_jobFailed', job.error ?? '');
  }
}
