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
