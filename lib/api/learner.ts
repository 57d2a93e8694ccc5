/**
 * How a budget without headers is learned both ways (issue 35), pure. A refusal sets the pace to
 * what the server admitted of this extension's requests in its window; a pace that held its windows
 * full without a refusal is raised: back to the most the server once admitted in one step, past
 * that threefold. So a limit learned too low (another client spent part of the window) or raised by
 * the server is found within a few windows. A refusal below what the server once admitted marks
 * the key as shared: the pace follows the share, the peak stays. A raise is tried one request at a
 * time past the level before it (`probing`), so a refused one costs one 429. The next raise back
 * to the peak then waits twice as many windows (at most 5 windows or 10 minutes); the next raise
 * past a peak the server refused to pass waits 10 windows, then 20, 40, at most 60 (or an hour):
 * the limit is known then, so a pace that is right alone meets ever fewer 429s (at the live
 * one-minute window: after 10, 30, 70 minutes, then hourly), not one per 5 windows. Known means
 * found twice: a first burst another client shared counts his requests out of the
 * limit, and the raise that then found more found its limit once; until a refusal finds it again,
 * a raise past it is tried after each window held full (a server that raised its limit meanwhile
 * is found at once).
 */
import { z } from '../zod';
import type { Budget } from './budget';

export const Learning = z.object({
  /** The most requests of one window the server admitted from this extension. */
  peak: z.int(),
  /** While a raise is tried: the pace before it (null: none tried). */
  probeFrom: z.nullable(z.int()),
  /** Since when the pace held without a refusal or change. */
  quietSince: z.number(),
  /** Windows the pace must hold before the next raise back to the peak. */
  probeWindows: z.int(),
  /** Windows the pace must hold before the next raise past the peak (absent: older versions, 1). */
  raiseWindows: z.optional(z.int()),
  /**
   * How many refusals found the peak as the server's limit (a first burst, a refused raise past it);
   * absent: older versions, taken as confirmed.
   */
  found: z.optional(z.int()),
  /** The last refusal below the peak (another client on the key). */
  sharedAt: z.nullable(z.number()),
  /**
   * The burst being refused: every 429 of it (until a wait ends) recounts the same burst from the
   * state before it, so answers arriving out of order only ever correct the count.
   */
  burst: z.nullable(
    z.object({
      resumedAt: z.number(),
      /** The pace before the burst (null: nothing learned yet). */
      limit: z.nullable(z.int()),
      peak: z.int(),
      probing: z.boolean(),
      /** The level that held when a raise past the peak was tried (absent: none, or older versions). */
      pastPeakFrom: z.optional(z.nullable(z.int())),
      probeWindows: z.int(),
      raiseWindows: z.optional(z.int()),
      found: z.optional(z.int()),
      sharedAt: z.nullable(z.number()),
    }),
  ),
});
export type Learning = z.infer<typeof Learning>;

const MAX_PROBE_MS = 10 * 60_000;
const MAX_PROBE_WINDOWS = 5;
/**
 * After a raise past the peak was refused the peak is the server's limit, asked again rarely: after
 * 10 windows, twice as many after each refused again, at most 60 windows or an hour.
 */
const PAST_PEAK_WINDOWS = 10;
const MAX_PAST_PEAK_WINDOWS = 60;
const MAX_PAST_PEAK_MS = 60 * 60_000;
/**
 * Refusals that must find the same limit before its re-checks are slow: a first burst another
 * client shared counts his requests out of it, and the raise that found more found a limit once.
 */
const CONFIRMED = 2;
const MAX_LIMIT = 10_000;
/** A raise past the peak: a limit three times higher is found in two windows. */
const RAISE = 3;

/** A count off by one is the edge of a window (Retry-After comes in whole seconds), not another client. */
const SAME = 1;

/** What a learned budget saved by an older version (no learning state) starts from. */
export const learningOf = (learning: Learning | undefined, budget: Budget | null, now: number): Learning =>
  learning ?? {
    peak: budget?.limit ?? 0,
    probeFrom: null,
    quietSince: now,
    probeWindows: 1,
    raiseWindows: 1,
    sharedAt: null,
    burst: null,
  };

/** The requests of this extension counted in the server's window of a 429 (lib/api/pacing.ts). */
export interface Counted {
  /** Sent since the last wait ended, up to a second into the server's window before. */
  admitted: number;
  /** Of them, those surely in its window (default: all). */
  surely?: number;
  /** Whether a raise being tried sent some of the others, one after another. */
  raisedAtEdge?: boolean;
  /** Admitted in the window's span before the level's last requests (default: 0). */
  before?: number;
}

/**
 * A 429 of a burst of which `admitted` requests of this extension got through in the server's
 * window (sent before the refused one or with it: answers overtake each other).
 */
export function afterRefusal(
  budget: Budget | null,
  learning: Learning,
  count: Counted,
  resumedAt: number,
  now: number,
): { limit: number; learning: Learning } {
  const { admitted } = count;
  const burst =
    learning.burst?.resumedAt === resumedAt
      ? learning.burst
      : {
          resumedAt,
          limit: budget?.limit ?? null,
          peak: budget ? learning.peak : 0,
          probing: learning.probeFrom !== null,
          pastPeakFrom:
            learning.probeFrom !== null && !belowPeak(learning.probeFrom, learning)
              ? learning.probeFrom
              : null,
          probeWindows: learning.probeWindows,
          raiseWindows: learning.raiseWindows,
          found: learning.found,
          sharedAt: learning.sharedAt,
        };
  const pastPeakFrom = burst.pastPeakFrom ?? null;
  const limit = Math.max(1, pastPeakFrom === null ? admitted : pastPeakRefused(pastPeakFrom, count, budget));
  const shared = burst.limit !== null && limit < burst.peak - SAME;
  // A refused raise back to the peak waits twice as long before the next, one past it 10 windows;
  // a first budget tries after one window.
  const fresh = burst.limit === null;
  const refusedBack = burst.probing && pastPeakFrom === null;
  const probeWindows = fresh
    ? 1
    : refusedBack
      ? Math.min(burst.probeWindows * 2, MAX_PROBE_WINDOWS)
      : burst.probeWindows;
  const found = fresh ? 1 : foundAfter(burst.found, pastPeakFrom, limit);
  const raiseWindows =
    fresh || found < CONFIRMED
      ? 1
      : pastPeakFrom !== null
        ? Math.min(MAX_PAST_PEAK_WINDOWS, Math.max(PAST_PEAK_WINDOWS, 2 * (burst.raiseWindows ?? 1)))
        : (burst.raiseWindows ?? 1);
  return {
    limit,
    learning: {
      peak: Math.max(burst.peak, limit),
      probeFrom: null,
      quietSince: now,
      probeWindows,
      raiseWindows,
      found,
      sharedAt: shared ? now : burst.sharedAt,
      burst,
    },
  };
}

/**
 * How often the limit was found after a refusal: a refused raise past the level that held found it
 * once more (or a share), one that found more found a new limit once; other refusals leave it.
 */
function foundAfter(found: number | undefined, pastPeakFrom: number | null, limit: number): number {
  const before = found ?? CONFIRMED;
  if (pastPeakFrom === null) return before;
  return limit > pastPeakFrom ? 1 : before + 1;
}

/**
 * The limit a refused raise past the level that held teaches. `admitted` may reach up to a second
 * into the server's window before (its Retry-After is in whole seconds); `surely` counts only the
 * requests surely in its window (lib/api/pacing.ts). Fewer than the level: a share. More than one
 * past it surely, or all of them past it by more than a window's edge (`pastPeakEdge`): a raise,
 * to the count. When the raise's requests, sent one after another, were in that second, the edge
 * holds twice that second's requests at the level (19 per 4 s counted 26 so, taken for a raise,
 * paced past the limit for one more window and met a third 429). Otherwise the level.
 */
function pastPeakRefused(held: number, count: Counted, budget: Budget | null): number {
  const { admitted, surely = admitted, raisedAtEdge = false, before = 0 } = count;
  if (admitted < held) return admitted;
  const second = pastPeakEdge(held, budget?.windowMs ?? 60_000) - SAME;
  const edge = SAME + (raisedAtEdge ? 2 * second : second);
  return surely > held + SAME || admitted > held + edge || before > held + SAME ? admitted : held;
}

/**
 * How far a refused raise may pass the level unseen when its server's window is not known to have
 * opened with a wait's end or a pace's first requests (one request plus a second's at the level):
 * 1 at the live 10 per minute, 2 at 10 per 12 s.
 */
export const pastPeakEdge = (held: number, windowMs: number): number =>
  SAME + Math.round((held * 1000) / windowMs);

/**
 * A request admitted while `used` requests are in the window. A raise being tried holds once two
 * windows went by full (a fixed window lets twice its limit through across its edge); a pace that
 * held its windows full is raised.
 */
export function afterAdmitted(
  budget: Budget,
  learning: Learning,
  used: number,
  now: number,
): { limit: number; learning: Learning } | null {
  const { limit } = budget;
  if (used < limit) return null;
  const held = now - learning.quietSince;
  if (learning.probeFrom !== null) {
    if (held < 2 * budget.windowMs) return null;
    const peak = Math.max(learning.peak, limit);
    return {
      limit,
      learning: {
        ...learning,
        peak,
        probeFrom: null,
        quietSince: now,
        probeWindows: 1,
        raiseWindows: 1,
        found: 0,
        burst: null,
      },
    };
  }
  const back = belowPeak(limit, learning);
  const windows = back ? learning.probeWindows : (learning.raiseWindows ?? 1);
  if (held < Math.min(back ? MAX_PROBE_MS : MAX_PAST_PEAK_MS, windows * budget.windowMs)) return null;
  const raised = back ? learning.peak : Math.min(MAX_LIMIT, limit * RAISE);
  return { limit: raised, learning: { ...learning, probeFrom: limit, quietSince: now, burst: null } };
}

/**
 * A pace below the peak by more than a window's edge: a share, raised back to the peak. One off by
 * one is at it (a peak counted one high, answers overtaking each other): raised back, it met a 429
 * every window or two; its next raise goes past the peak.
 */
const belowPeak = (limit: number, learning: Learning) => limit < learning.peak - SAME;

/** While a raise is tried past what held before, requests go one at a time: one 429 ends the try. */
export const probing = (learning: Learning | undefined, used: number): boolean =>
  learning !== undefined && learning.probeFrom !== null && used >= learning.probeFrom;

/** Whether the pace follows a share of the key (a refusal below the peak, not yet raised back). */
export const isShared = (learning: Learning | undefined, budget: Budget): boolean =>
  learning !== undefined && learning.sharedAt !== null && budget.limit < learning.peak - SAME;
