/** The API's bounds (transaction pages) and a key's request budget, shared by the worker and the pages (no zod). */
export const TRANSACTIONS_LIMIT_DEFAULT = 10;
export const TRANSACTIONS_LIMIT_MAX = 25;
export const TRANSACTIONS_SKIP_DEFAULT = 0;
export const TRANSACTIONS_SKIP_MAX = 200;

/** A key's request budget: `limit` requests per `windowMs`. */
export interface KeyBudget {
  limit: number;
  windowMs: number;
}

/** Without a learned or set budget: what the live service's clients observe (10 per minute per key). */
export const ASSUMED_BUDGET: KeyBudget = { limit: 10, windowMs: 60_000 };

/** Requests per minute of a budget, to a tenth; the assumed budget's when none is known. */
export function perMinuteOf(budget: KeyBudget | null): number {
  const { limit, windowMs } = budget ?? ASSUMED_BUDGET;
  return Math.round(((limit * 60_000) / windowMs) * 10) / 10;
}
