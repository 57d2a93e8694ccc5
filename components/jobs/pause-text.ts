/** A job paused by the server's wait, in words: the wait, what is done, and when to resume. */
import { LAST_DATE_MS, MAX_BELIEVED_WAIT_MS, MAX_WAIT_MS } from '../../lib/api/waits';
import { t } from '../../lib/i18n';
import type { JobPause } from '../../lib/storage/job-pause';
import { dateTimeAt } from '../date-format';

/** The messages of one kind of job: a wait within a day, one past it, one past any date. */
export interface PauseWords {
  paused: 'import_paused' | 'backup_paused';
  long: 'import_pausedLong' | 'backup_pausedLong';
  impossible: 'import_pausedImpossible' | 'backup_pausedImpossible';
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
 * A job paused before its pause was stored says the cap's wait from `since`.
 */
export function pausedText(
  pause: JobPause | undefined,
  since: number,
  progress: { settled: number; total: number },
  words: PauseWords,
): string {
  const { waitMs, resumeAt } = pause ?? { waitMs: MAX_WAIT_MS, resumeAt: since };
  const at = dateTimeAt(resumeAt);
  const counts = [String(progress.settled), String(progress.total)];
  if (at === null || !(resumeAt - MAX_BELIEVED_WAIT_MS + waitMs <= LAST_DATE_MS))
    return t(words.impossible, [Math.round(waitMs / 1000).toLocaleString(), ...counts]);
  if (waitMs > MAX_BELIEVED_WAIT_MS) return t(words.long, [longWait(waitMs), ...counts, at]);
  const minutes = (ms: number) => String(Math.ceil(ms / 60_000));
  return t(words.paused, [minutes(waitMs), minutes(MAX_WAIT_MS), ...counts, at]);
}
