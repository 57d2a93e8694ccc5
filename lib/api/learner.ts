/**
 * How a budget without headers is learned both ways (issue 35), pure. A refusal sets the pace to
 * what the server admitted of this extension's requests in its window; a pace that held its windows
 * full without a refusal is raised: back to the most the server once admitted in one step, past
 * that threefold. So a limit learned too low (another client spent part of the window) or raised by
 * the server is found within a few windows. A refusal below what the server once admitted marks
 * the key as shared: the pace follows the share, the peak stays. A raise is tried one request at a
 * time past the level before it (`probing`), so a refused one costs one 429, and the next raise
 * then waits twice as many windows (at most 5 windows or 10 minutes):
 * at the live one-minute window, one refused raise per 5 minutes while the pace is right.
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
  /** Windows the pace must hold before the next raise. */
  probeWindows: z.int(),
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
      probeWindows: z.int(),
      sharedAt: z.nullable(z.number()),
    }),
  ),
});
export type Learning = z.infer<typeof Learning>;

const MAX_PROBE_MS = 10 * 60_000;
const MAX_PROBE_WINDOWS = 5;
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
    sharedAt: null,
    burst: null,
  };

/**
 * A 429 of a burst of which `admitted` requests of this extension got through in the server's
 * window (sent before the refused one or with it: answers overtake each other).
 */
export function afterRefusal(
  budget: Budget | null,
  learning: Learning,
  admitted: number,
  resumedAt: number,
  now: number,
): { limit: number; learning: Learning } {
  const burst =
    learning.burst?.resumedAt === resumedAt
      ? learning.burst
      : {
          resumedAt,
          limit: budget?.limit ?? null,
          peak: budget ? learning.peak : 0,
          probing: learning.probeFrom !== null,
          probeWindows: learning.probeWindows,
          sharedAt: learning.sharedAt,
        };
  const limit = Math.max(1, admitted);
  const shared = burst.limit !== null && limit < burst.peak - SAME;
  // A refused raise waits twice as long before the next; a first budget tries after one window.
  const probeWindows =
    burst.limit === null
      ? 1
      : burst.probing
        ? Math.min(burst.probeWindows * 2, MAX_PROBE_WINDOWS)
        : burst.probeWindows;
  return {
    limit,
    learning: {
      peak: Math.max(burst.peak, limit),
      probeFrom: null,
      quietSince: now,
      probeWindows,
      sharedAt: shared ? now : burst.sharedAt,
      burst,
    },
  };
}

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
      learning: { ...learning, peak, probeFrom: null, quietSince: now, probeWindows: 1, burst: null },
    };
  }
  if (held < Math.min(MAX_PROBE_MS, learning.probeWindows * budget.windowMs)) return null;
  const raised = limit < learning.peak ? learning.peak : Math.min(MAX_LIMIT, limit * RAISE);
  return { limit: raised, learning: { ...learning, probeFrom: limit, quietSince: now, burst: null } };
}

/** While a raise is tried past what held before, requests go one at a time: one 429 ends the try. */
export const probing = (learning: Learning | undefined, used: number): boolean =>
  learning !== undefined && learning.probeFrom !== null && used >= learning.probeFrom;

/** Whether the pace follows a share of the key (a refusal below the peak, not yet raised back). */
export const isShared = (learning: Learning | undefined, budget: Budget): boolean =>
  learning !== undefined && learning.sharedAt !== null && budget.limit < learning.peak - SAME;
