/**
 * A key's queue in the request scheduler (lib/api/scheduler.ts): its entries in the order they
 * go (priority, then order, then arrival), their callers, what those callers hear, and what the
 * pages and the background work are told of it.
 */
import { fail, type Result } from './errors';
import type { Budget } from './budget';
import { NEW_PACE, type Pace, budgetOf, heldBudgetOf, nextAllowedAt, recentSends } from './pacing';
import type { Priority, QueueId, QueueView, Task } from './scheduler-types';
import { MAX_WAIT_MS } from './waits';

export const RANK: Record<Priority, number> = { user: 0, visible: 1, background: 2 };
const PRIORITIES = Object.keys(RANK) as Priority[];

export interface Waiter {
  resolve(result: Result<unknown>): void;
  tag: string | undefined;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

export interface Entry {
  seq: number;
  rank: number;
  order: number;
  dedupeKey: string | undefined;
  task: Task<unknown>;
  waiters: Waiter[];
  /** Sent at once and never again after a 429 (RequestOptions.skipWait). */
  skipWait: boolean;
}

export interface Queue {
  id: QueueId;
  pace: Pace;
  /** The override its requests carry (undefined: none said; the scheduler-wide one applies). */
  override: number | null | undefined;
  pending: Entry[];
  inFlight: number;
  /** The armed timer and when it fires (null: none armed). */
  timer: unknown;
  timerAt: number | null;
}

export const newQueue = (id: QueueId): Queue => ({
  id,
  pace: NEW_PACE,
  override: undefined,
  pending: [],
  inFlight: 0,
  timer: undefined,
  timerAt: null,
});

const byPlace = (a: Entry, b: Entry) => a.rank - b.rank || a.order - b.order || a.seq - b.seq;

/** Puts an entry in its place; a queued one with its dedupe key is replaced, answering both callers. */
export function enqueue(queue: Queue, entry: Entry): void {
  const older =
    entry.dedupeKey === undefined ? -1 : queue.pending.findIndex((e) => e.dedupeKey === entry.dedupeKey);
  const replaced = queue.pending[older];
  if (replaced) {
    queue.pending.splice(older, 1);
    // The newer request keeps the better place of the two and answers both callers.
    entry.rank = Math.min(entry.rank, replaced.rank);
    entry.order = Math.min(entry.order, replaced.order);
    entry.seq = Math.min(entry.seq, replaced.seq);
    entry.waiters.push(...replaced.waiters);
  }
  queue.pending.push(entry);
  queue.pending.sort(byPlace);
}

/** Puts a refused entry back first in line among its priority and order. */
export function requeue(queue: Queue, entry: Entry): void {
  queue.pending.unshift(entry);
  queue.pending.sort(byPlace);
}

/** Takes the matching callers out of the queued entries (an entry left without callers goes). */
export function takeWaiters(queue: Queue, matches: (waiter: Waiter) => boolean): Waiter[] {
  const gone = queue.pending.flatMap((entry) => entry.waiters.filter(matches));
  for (const entry of queue.pending) entry.waiters = entry.waiters.filter((waiter) => !gone.includes(waiter));
  queue.pending = queue.pending.filter((entry) => entry.waiters.length > 0);
  return gone;
}

export function settle(waiter: Waiter, result: Result<unknown>): void {
  if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
  waiter.resolve(result);
}

/** The callers waiting, by priority. */
export function queuedCounts(queue: Queue): Record<Priority, number> {
  const queued = { user: 0, visible: 0, background: 0 };
  for (const entry of queue.pending) queued[PRIORITIES[entry.rank] ?? 'background'] += entry.waiters.length;
  return queued;
}

/** What the callers of a request hear when the server asked for a wait past the cap. */
export const tooLong = (retryAfterMs: number): Result<never> =>
  fail({
    kind: 'rateLimited',
    retryAfterMs,
    message: `the server asks to wait ${Math.round(retryAfterMs / 1000)} s, longer than the ${MAX_WAIT_MS / 60_000} minutes honoured`,
  });

/** What pages see of a queue (published to session storage): its wait, what waits, its budget. */
export function viewOf(queue: Queue, override: number | null, now: number): QueueView {
  const next = nextAllowedAt(queue.pace, budgetOf(queue.pace, override), now);
  const waiting = queue.pending.length > 0 && next > now ? next : null;
  return {
    key: queue.id.key,
    origin: queue.id.origin,
    waitingUntil: waiting,
    reason: waiting === null ? null : 'rateLimit',
    queued: queuedCounts(queue),
    inFlight: queue.inFlight,
    budget: heldBudgetOf(queue.pace, override),
  };
}

export interface Usage {
  sends: number[];
  budget: Budget | null;
  waitingUntil: number | null;
}

/** What a queue spent of its budget (RequestScheduler.usage). */
export function usageOf(pace: Pace, override: number | null, now: number): Usage {
  const budget = heldBudgetOf(pace, override);
  const waitingUntil = (pace.waitingUntil ?? 0) > now ? pace.waitingUntil : null;
  return { sends: recentSends(pace, budget, now), budget, waitingUntil };
}
