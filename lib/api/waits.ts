/**
 * Bounds on every wait of the worker. A module of its own (no zod) so that pages can name the cap
 * in their messages without loading the scheduler.
 */

/**
 * The longest wait the scheduler honours (Retry-After, a reset, a restored wait): 5 minutes, five
 * times the live service's one-minute window (docs/decisions.md). A server asking for longer is
 * not waited for: its requests end as rateLimited with the server's wait, so the user is told and
 * can retry, and the queue waits only this long.
 */
export const MAX_WAIT_MS = 5 * 60_000;
/** Timers hold at most 2^31 − 1 ms; a longer delay fires at once (and a re-armed one, again). */
export const MAX_TIMER_MS = 2 ** 31 - 1;
/**
 * The longest wait past the cap a server is believed for (issue 33): a day. Past the cap a job
 * pauses rather than waits; its "Resume after" is at most this far ahead, an answer that is not a
 * 429 ends the pause at once, and Resume asks the server once whatever the time.
 */
export const MAX_BELIEVED_WAIT_MS = 24 * 3_600_000;
/** The last moment a JavaScript Date can hold (ms since the epoch): a wait past it is no date at all. */
export const LAST_DATE_MS = 8.64e15;
