/**
 * The scheduler's pacing, pure: what a key's queue knows of its budget (its `Pace`: what it
 * learned, its send times, its waits) and the functions over it: when the next request may go, and
 * what an answer's headers or a 429 teach. Nothing here keeps time or state: the scheduler
 * (lib/api/scheduler.ts) holds each queue's `Pace`, passes `now`, and arms its timers.
 */
import { z } from '../zod';
import type { RateSignal } from './rate-headers';
import { MAX_WAIT_MS } from './waits';

export const Budget = z.object({
  limit: z.int().check(z.positive()),
  windowMs: z.int().check(z.positive()),
  source: z.enum(['override', 'headers', 'learned']),
});
export type Budget = z.infer<typeof Budget>;

/** What a queue knows for pacing; all of it survives the worker being stopped. */
export const Pace = z.object({
  /** Learned from headers or 429s (an override is not kept here). */
  budget: z.nullable(Budget),
  /** When its requests were sent, the last window's worth, oldest first. */
  sends: z.array(z.number()),
  /** Until when it waits after a 429 or a spent budget (capped); null: no wait. */
  waitingUntil: z.nullable(z.number()),
  /** When the last wait ended: the start of the burst that a next 429 is measured against. */
  resumedAt: z.number(),
  /** Until when the server asked to wait, when it asked past the cap (absent: it did not). */
  overCapUntil: z.optional(z.nullable(z.number())),
});
export type Pace = z.infer<typeof Pace>;

export const NEW_PACE: Pace = {
  budget: null,
  sends: [],
  waitingUntil: null,
  resumedAt: 0,
  overCapUntil: null,
};

/** Without any signal, a 429 is taken to mean "this many per minute". */
export const DEFAULT_WINDOW_MS = 60_000;
/**
 * Our send times precede the server's receipt, and the network's delay varies: slack keeps the
 * window on the safe side. It grows with the window (a 429 under the live minute can cost a whole
 * minute's wait, 2.5% more time costs 1.5 s), from 250 ms, up to 3 s.
 */
const MIN_MARGIN_MS = 250;
const MAX_MARGIN_MS = 3_000;
const marginOf = (windowMs: number) =>
  Math.min(MAX_MARGIN_MS, Math.max(MIN_MARGIN_MS, Math.round(windowMs * 0.025)));
const MIN_WINDOW_MS = 1_000;

/** The one per-minute budget: a key's "requests per minute" setting. */
export const perMinute = (limit: number): Budget => ({
  limit,
  windowMs: DEFAULT_WINDOW_MS,
  source: 'override',
});

/** The budget a queue paces to: the override when there is one, else what it learned. */
export const budgetOf = (pace: Pace, override: number | null): Budget | null =>
  override !== null ? perMinute(override) : pace.budget;

const windowOf = (budget: Budget | null) => {
  const windowMs = budget?.windowMs ?? DEFAULT_WINDOW_MS;
  return windowMs + marginOf(windowMs);
};
const later = (a: number | null, b: number) => Math.max(a ?? 0, b);

/** The sends inside the budget's window (what it spent). */
export const recentSends = (pace: Pace, budget: Budget | null, now: number) =>
  pace.sends.filter((t) => t > now - windowOf(budget));

/** The earliest time the next request may be sent: after any wait, once the window has room; capped. */
export function nextAllowedAt(pace: Pace, budget: Budget | null, now: number): number {
  let at = Math.max(now, pace.waitingUntil ?? 0);
  const recent = recentSends(pace, budget, now);
  if (budget && recent.length >= budget.limit) {
    // The oldest send that must leave the window before one more fits.
    at = Math.max(at, (recent[recent.length - budget.limit] ?? now) + windowOf(budget));
  }
  return Math.min(at, now + MAX_WAIT_MS);
}

/** Forgets sends older than any window, and ends a wait that is over. */
export function pruned(pace: Pace, budget: Budget | null, now: number): Pace {
  const longest = Math.max(DEFAULT_WINDOW_MS, budget?.windowMs ?? 0);
  const keep = longest + marginOf(longest);
  const sends = pace.sends.filter((t) => t > now - keep);
  const over = pace.waitingUntil !== null && pace.waitingUntil <= now;
  return { ...pace, sends, ...(over ? { waitingUntil: null, resumedAt: now } : {}) };
}

export const withSend = (pace: Pace, at: number): Pace => ({ ...pace, sends: [...pace.sends, at] });

/** Takes one send at `at` back out (a refused request did not count against the budget). */
export function withoutSend(pace: Pace, at: number): Pace {
  const index = pace.sends.lastIndexOf(at);
  return index === -1 ? pace : { ...pace, sends: pace.sends.toSpliced(index, 1) };
}

/** Ends the wait (Cancel queued requests, sign-out) and forgets the server's wait past the cap. */
export const withoutWait = (pace: Pace, now: number): Pace => ({
  ...pace,
  overCapUntil: null,
  ...(pace.waitingUntil === null ? {} : { waitingUntil: null, resumedAt: now }),
});

/** What a non-429 answer's headers teach: a wait when the window is spent, the limit and its window. */
export function learnFromHeaders(pace: Pace, signal: RateSignal, now: number): Pace {
  const spent = signal.remaining === 0 && signal.resetMs !== null;
  const waitingUntil = spent
    ? later(pace.waitingUntil, now + Math.min(signal.resetMs ?? 0, MAX_WAIT_MS))
    : pace.waitingUntil;
  if (signal.limit === null || signal.limit <= 0) return { ...pace, waitingUntil };
  // The first request of a window sees `remaining = limit - 1` and the whole window as reset.
  const windowFromReset =
    signal.resetMs !== null && signal.remaining === signal.limit - 1
      ? Math.ceil(signal.resetMs / 1000) * 1000
      : null;
  const windowMs = signal.windowMs ?? windowFromReset ?? pace.budget?.windowMs ?? DEFAULT_WINDOW_MS;
  const window = Math.min(MAX_WAIT_MS, Math.max(MIN_WINDOW_MS, windowMs));
  return { ...pace, waitingUntil, budget: { limit: signal.limit, windowMs: window, source: 'headers' } };
}

/** When the refused request was sent, and how many were sent in that same instant before it. */
export interface Refused {
  at: number;
  alongside: number;
}

/**
 * What a 429 teaches: the wait it asks (capped), and without a named limit the budget from the burst
 * that got through before it. An answer past the cap is not credible: the queue waits the cap and
 * learns no budget from it; `overCapMs` is then the server's wait, told to the callers.
 */
export function learnFrom429(
  pace: Pace,
  signal: RateSignal,
  now: number,
  refused: Refused,
  override: number | null,
): { pace: Pace; overCapMs: number | null } {
  const asked = signal.retryAfterMs ?? signal.resetMs;
  const retryAt = asked === null ? null : now + Math.min(asked, MAX_WAIT_MS);
  const waited = retryAt === null ? pace : { ...pace, waitingUntil: later(pace.waitingUntil, retryAt) };
  if (asked !== null && asked > MAX_WAIT_MS)
    return {
      pace: { ...waited, overCapUntil: later(pace.overCapUntil ?? null, now + asked) },
      overCapMs: asked,
    };
  if (signal.limit !== null) return { pace: learnFromHeaders(waited, signal, now), overCapMs: null };
  if (waited.budget?.source === 'headers') return { pace: waited, overCapMs: null };
  const learned = { ...waited, budget: budgetFrom429(waited, now, refused, retryAt) };
  // No word on when: wait until the window lets one more through.
  if (retryAt !== null) return { pace: learned, overCapMs: null };
  const until = nextAllowedAt(learned, budgetOf(learned, override), now);
  return { pace: { ...learned, waitingUntil: later(learned.waitingUntil, until) }, overCapMs: null };
}

/** The requests that got through since the last wait ended are what the key allows per window. */
function budgetFrom429(pace: Pace, now: number, refused: Refused, retryAt: number | null): Budget {
  const known = pace.budget;
  const windowGuess = known?.windowMs ?? DEFAULT_WINDOW_MS;
  // Requests still in flight that were sent before the refused one got through; later ones may not.
  const counted = pace.sends.filter((t) => t >= pace.resumedAt && t > now - windowGuess);
  const burst = [
    ...counted.filter((t) => t < refused.at),
    ...counted.filter((t) => t === refused.at).slice(0, refused.alongside),
  ];
  if (burst.length === 0 && known) {
    // Refused right after a wait: the window is longer than learned, not the limit lower.
    const from = pace.sends.filter((t) => t <= now).slice(-known.limit)[0] ?? now;
    const longer = retryAt !== null ? retryAt - from : known.windowMs * 2;
    return { ...known, windowMs: Math.min(DEFAULT_WINDOW_MS, Math.max(known.windowMs, longer)) };
  }
  const limit = Math.max(1, burst.length);
  const windowMs =
    retryAt !== null
      ? Math.min(DEFAULT_WINDOW_MS, Math.max(MIN_WINDOW_MS, retryAt - (burst[0] ?? now)))
      : windowGuess;
  return {
    limit: Math.min(limit, known?.limit ?? limit),
    windowMs: Math.max(windowMs, known?.windowMs ?? 0),
    source: 'learned',
  };
}

/** A saved pace as restored: a wait or window saved by an older version (or a clock that jumped) capped like a new one. */
export function restored(saved: Pace, now: number): Pace {
  const { budget, waitingUntil } = saved;
  return {
    ...saved,
    budget: budget && { ...budget, windowMs: Math.min(budget.windowMs, MAX_WAIT_MS) },
    sends: [...saved.sends],
    waitingUntil: waitingUntil === null ? null : Math.min(waitingUntil, now + MAX_WAIT_MS),
    overCapUntil: saved.overCapUntil ?? null,
  };
}
