/** The API's bounds (transaction pages) and a key's request budget, shared by the worker and the pages (no zod). */
import type { Budget } from './budget';

export const TRANSACTIONS_LIMIT_DEFAULT = 10;
export const TRANSACTIONS_LIMIT_MAX = 25;
export const TRANSACTIONS_SKIP_DEFAULT = 0;
export const TRANSACTIONS_SKIP_MAX = 200;

/** Without a learned or set budget: what the live service's clients observe (10 per minute per key). */
export const ASSUMED_BUDGET: Budget = { limit: 10, windowMs: 60_000, source: 'assumed' };

/** Requests per minute of a budget, to a tenth; the assumed budget's when none is known. */
export function perMinuteOf(budget: Budget | null): number {
  const { limit, windowMs } = budget ?? ASSUMED_BUDGET;
  return Math.round(((limit * 60_000) / windowMs) * 10) / 10;
}

/**
 * Minutes that `requests` take at `budget` when the key's window still holds `room` of them now:
 * those go at once, the rest at the rate (issue 35: not extrapolated from a first burst).
 */
export function minutesAt(requests: number, budget: Budget | null, room = 0): number {
  const { limit, windowMs } = budget ?? ASSUMED_BUDGET;
  return (Math.max(0, requests - Math.max(0, room)) * windowMs) / limit / 60_000;
}
