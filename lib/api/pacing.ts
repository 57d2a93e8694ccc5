/**
 * The scheduler's pacing, pure: what a key's queue knows of its budget (its `Pace`: what it
 * learned, its send times, its waits) and the functions over it: when the next request may go, and
 * what an answer's headers or a 429 teach. Nothing here keeps time or state: the scheduler
 * (lib/api/scheduler.ts) holds each queue's `Pace`, passes `now`, and arms its timers.
 */
import { z } from '../zod';
import { Budget } from './budget';
import { Learning, afterAdmitted, afterRefusal, isShared, learningOf } from './learner';
import type { RateSignal } from './rate-headers';
import { MAX_BELIEVED_WAIT_MS, MAX_WAIT_MS } from './waits';

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
  /**
   * Until when the server asked to wait, when it asked past the cap (absent: it did not), believed
   * for at most a day; a normal answer ends it.
   */
  overCapUntil: z.optional(z.nullable(z.number())),
  /** How a budget without headers is being learned (lib/api/learner.ts; absent: older versions). */
  learning: z.optional(Learning),
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

/** The budget as told (views, estimates, the background's share): while a raise is tried, the level that held. */
export function heldBudgetOf(pace: Pace, override: number | null): Budget | null {
  const budget = budgetOf(pace, override);
  const held = pace.learning?.probeFrom;
  return budget?.source === 'learned' && held !== undefined && held !== null
    ? { ...budget, limit: held }
    : budget;
}

/** The budget a queue paces to: the override when there is one, else what it learned. */
export function budgetOf(pace: Pace, override: number | null): Budget | null {
  if (override !== null) return perMinute(override);
  const { budget, learning } = pace;
  if (budget?.source !== 'learned' || !learning) return budget;
  return { ...budget, shared: isShared(learning, budget), peak: Math.max(learning.peak, budget.limit) };
}

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
  // Half the window's requests at once, the rest spread at the rate (docs/decisions.md, "Pacing").
  const last = recent.at(-1);
  if (budget && last !== undefined && recent.length >= Math.ceil(budget.limit / 2))
    at = Math.max(at, last + Math.ceil(windowOf(budget) / budget.limit));
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

/** What a queue keeps when its budget is learned again: its send times and waits, nothing learned. */
export function unlearned(pace: Pace): Pace {
  const { learning: _forgotten, ...kept } = pace;
  return { ...kept, budget: null };
}

/** Takes one send at `at` back out (a refused request did not count against the budget). */
export function withoutSend(pace: Pace, at: number): Pace {
  const index = pace.sends.lastIndexOf(at);
  return index === -1 ? pace : { ...pace, sends: pace.sends.toSpliced(index, 1) };
}

/** Ends the wait (Cancel queued requests, sign-out, Resume) and forgets the server's wait past the cap. */
export const withoutWait = (pace: Pace, now: number): Pace => ({
  ...pace,
  overCapUntil: null,
  ...(pace.waitingUntil === null ? {} : { waitingUntil: null, resumedAt: now }),
});

/**
 * What an answer that is not a 429 teaches: the server answers again (a wait past the cap is over),
 * its headers (a wait when the window is spent, the limit and its window), and without headers, a
 * learned budget that held a full window is raised.
 */
export function learnFromAnswer(pace: Pace, signal: RateSignal, now: number, override: number | null): Pace {
  // The wait that a 429 past the cap left (the cap) ends with it: the server answers again.
  const overCap = pace.overCapUntil !== undefined && pace.overCapUntil !== null;
  const answered: Pace = overCap
    ? { ...pace, overCapUntil: null, waitingUntil: null, resumedAt: now }
    : { ...pace, overCapUntil: null };
  if (signal.limit !== null && signal.limit > 0) return learnFromHeaders(answered, signal, now);
  const learned = learnFromHeaders(answered, signal, now);
  const { budget } = learned;
  if (budget?.source !== 'learned' || override !== null) return learned;
  const learning = learningOf(learned.learning, budget, now);
  const raised = afterAdmitted(budget, learning, recentSends(learned, budget, now).length, now);
  if (!raised) return learned.learning ? learned : { ...learned, learning };
  return {
    ...learned,
    budget: { ...budget, limit: raised.limit, learnedAt: now },
    learning: raised.learning,
  };
}

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
  return {
    ...pace,
    waitingUntil,
    budget: { limit: signal.limit, windowMs: window, source: 'headers', learnedAt: now },
  };
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
      pace: {
        ...waited,
        overCapUntil: later(pace.overCapUntil ?? null, now + Math.min(asked, MAX_BELIEVED_WAIT_MS)),
      },
      overCapMs: asked,
    };
  if (signal.limit !== null) return { pace: learnFromHeaders(waited, signal, now), overCapMs: null };
  if (waited.budget?.source === 'headers') return { pace: waited, overCapMs: null };
  const learned = budgetFrom429(waited, now, refused, retryAt);
  // No word on when: wait until the window lets one more through.
  if (retryAt !== null) return { pace: learned, overCapMs: null };
  const until = nextAllowedAt(learned, budgetOf(learned, override), now);
  return { pace: { ...learned, waitingUntil: later(learned.waitingUntil, until) }, overCapMs: null };
}

/**
 * The budget a 429 teaches without headers. The requests that got through since the last wait ended
 * are counted, those sent with or after the refused one included (answers overtake each other); the
 * learner (lib/api/learner.ts) turns the count into the pace. The window is the time from the first
 * of them to the server's Retry-After, and only grows: a burst refused right after a wait means a
 * longer window, not a lower limit.
 */
function budgetFrom429(pace: Pace, now: number, refused: Refused, retryAt: number | null): Pace {
  const known = pace.budget?.source === 'learned' ? pace.budget : null;
  const windowGuess = known?.windowMs ?? DEFAULT_WINDOW_MS;
  // Every 429 of a first burst counts it as its first did: the window that one measured is not
  // yet a bound (an answer a second late moved it past the burst's first requests: 4 of 10 counted).
  const burst = pace.learning?.burst;
  const bound = burst?.resumedAt === pace.resumedAt && burst.limit === null ? null : known;
  const windowStart = bound && retryAt !== null ? windowStartOf(pace, bound, retryAt) : -Infinity;
  const since = pace.sends.filter(
    (t) => t >= pace.resumedAt && t > Math.max(windowStart, now - windowGuess - marginOf(windowGuess)),
  );
  const counted = bound || retryAt === null ? since : lastBurst(since, retryAt);
  const before = [
    ...counted.filter((t) => t < refused.at),
    ...counted.filter((t) => t === refused.at).slice(0, refused.alongside),
  ];
  if (before.length === 0 && known) {
    // Refused right after a wait: the window is longer than learned, not the limit lower.
    const from = pace.sends.filter((t) => t <= now).slice(-known.limit)[0] ?? now;
    const longer = retryAt !== null ? retryAt - from : known.windowMs * 2;
    const windowMs = Math.min(DEFAULT_WINDOW_MS, Math.max(known.windowMs, longer));
    return { ...pace, budget: { ...known, windowMs, learnedAt: now } };
  }
  const learning = learningOf(pace.learning, known, now);
  const next = afterRefusal(
    known,
    learning,
    countedIn(counted, pace, bound, retryAt, now),
    pace.resumedAt,
    now,
  );
  const measured =
    retryAt !== null
      ? Math.min(DEFAULT_WINDOW_MS, Math.max(MIN_WINDOW_MS, retryAt - (counted[0] ?? now)))
      : windowGuess;
  // A known window grows only from a refusal right after a wait (above): here the count may reach
  // into the server's window before (a raise tried, no wait for a while), and Retry-After's whole
  // seconds add up to one more, so growing from it stretched the window with every refused raise.
  const windowMs = known ? known.windowMs : measured;
  return {
    ...pace,
    budget: { limit: next.limit, windowMs, source: 'learned', learnedAt: now },
    learning: next.learning,
  };
}

/**
 * Where the server's window that refused began, at the earliest: its Retry-After (whole seconds)
 * less the window and a second; what is older was counted in an earlier one. A wait that ended
 * about then opened it: its first request reached the server after it was sent (at 60 s with
 * answers 80 ms late, that request left out taught 9 of 10, a pace 10 % slow), so all since counts.
 */
function windowStartOf(pace: Pace, known: Budget, retryAt: number): number {
  const start = retryAt - known.windowMs - 1_000;
  return pace.resumedAt >= start - marginOf(known.windowMs) ? Math.min(start, pace.resumedAt - 1) : start;
}

/**
 * The sends counted, and of them those surely in the server's window that refused `now`: after the
 * latest start its Retry-After (whole seconds, rounded up) allows, with a window shorter than
 * learned by its margin (a learned window may be longer than the server's by the time its first
 * burst took to be refused: 101 ms at 18 per 4 s, and a raise's first requests sent 20 ms before
 * the server's window counted as surely in it, 20 of 18). Earlier: all since the last wait ended
 * when that is less than a window ago (the window after the one waited out began before it), or
 * from requests sent at once in the second before (a pace's window opens with half of its own; a
 * server's window that opens with its first request opened with them).
 */
function countedIn(counted: number[], pace: Pace, known: Budget | null, retryAt: number | null, now: number) {
  if (!known || retryAt === null) return { admitted: counted.length };
  const latestStart = retryAt - known.windowMs + marginOf(known.windowMs);
  const together = counted.find((t, i) => t > latestStart - 1_000 && t < latestStart && counted[i + 1] === t);
  const resumed = now - pace.resumedAt < known.windowMs - 2_000 ? pace.resumedAt : Infinity;
  const from = Math.min(latestStart, together ?? Infinity, resumed);
  const raisedAt = pace.learning?.probeFrom != null ? pace.learning.quietSince : Infinity;
  // Counted at the level, the server's window began at the level's first send (the held-th last):
  // what went through in the span before it was in its window before, at most its limit. The span
  // is the learned window less its margin: a learned window may be longer than the server's by
  // the time its first burst took to be refused.
  const levelFrom = counted[counted.length - (pace.learning?.probeFrom ?? Infinity)];
  return {
    admitted: counted.length,
    surely: counted.filter((t) => t >= from).length,
    raisedAtEdge: counted.some((t) => t < from && t >= raisedAt),
    before:
      levelFrom === undefined
        ? 0
        : pace.sends.filter((t) => t < levelFrom && t > levelFrom - known.windowMs + marginOf(known.windowMs))
            .length,
  };
}

/**
 * A first refusal's burst: the sends after the last quiet spell longer than the time from
 * the send after it to the server's window end (those before it fell in an earlier window). The
 * window measured from it may come out short: a refusal right after a wait lengthens it, never an
 * ordinary one shortens it, so the shortest window the sends allow is the one to start from.
 */
function lastBurst(sends: number[], end: number): number[] {
  for (let i = sends.length - 1; i > 0; i--) {
    const after = sends[i] as number;
    if (after - (sends[i - 1] as number) > end - after) return sends.slice(i);
  }
  return sends;
}

/** A saved pace as restored: a wait or window saved by an older version (or a clock that jumped) capped like a new one. */
export function restored(saved: Pace, now: number): Pace {
  const { budget, waitingUntil } = saved;
  return {
    ...saved,
    budget: budget && { ...budget, windowMs: Math.min(budget.windowMs, MAX_WAIT_MS) },
    sends: [...saved.sends],
    waitingUntil: waitingUntil === null ? null : Math.min(waitingUntil, now + MAX_WAIT_MS),
    overCapUntil:
      saved.overCapUntil === undefined || saved.overCapUntil === null
        ? null
        : Math.min(saved.overCapUntil, now + MAX_BELIEVED_WAIT_MS),
  };
}
