/**
 * Sending one entry of a key's queue (lib/api/scheduler.ts) and what its answers teach: every answer
 * is reported to the queue's `Pace` (lib/api/pacing.ts), a 429 takes its send back out and is
 * learned from, and the entry then either ends (its callers told) or goes first in line again.
 * The scheduler lends what it owns: its clock, the override of a key, saving, pumping the queue.
 */
import { type Result, fail } from './errors';
import * as pacing from './pacing';
import { readRateSignal } from './rate-headers';
import { type Entry, type Queue, requeue, settle, tooLong } from './scheduler-queue';

export interface DispatchHost {
  now(): number;
  /** The clock's time at an epoch ms: a server's HTTP-date or epoch reset is read through it. */
  atEpoch(epochMs: number): number;
  overrideOf(key: string): number | null;
  scheduleSave(): void;
  pump(queue: Queue): void;
  /** Ends every queued caller of the queue with `result`. */
  dropAll(queue: Queue, result: Result<never>): void;
  onChange(): void;
}

const isRateLimited = (result: Result<unknown>) => !result.ok && result.error.kind === 'rateLimited';
const NO_SIGNAL = { limit: null, remaining: null, resetMs: null, windowMs: null, retryAfterMs: null };

export function dispatch(host: DispatchHost, queue: Queue, entry: Entry, sentAt: number): void {
  queue.inFlight += 1;
  // Sent in the same instant before this one: those after it did not get through before it.
  const alongside = queue.pace.sends.filter((t) => t === sentAt).length;
  queue.pace = pacing.withSend(queue.pace, sentAt);
  const sent: number[] = [sentAt];
  let answers = 0;
  /** A 429 asked for a wait past the cap: the server's wait, told to the callers instead of waited. */
  let overCapMs: number | null = null;
  const refusedAt = (
    at: number,
    now: number,
    signal: typeof NO_SIGNAL | ReturnType<typeof readRateSignal>,
  ) => {
    // A refused request did not count against the budget: take its send back out.
    queue.pace = pacing.withoutSend(queue.pace, at);
    const refused = { at, alongside: at === sentAt ? alongside : Infinity };
    const learned = pacing.learnFrom429(queue.pace, signal, now, refused, host.overrideOf(queue.id.key));
    queue.pace = learned.pace;
    return learned.overCapMs;
  };
  host.scheduleSave();
  void entry
    .task((status, headers) => {
      const now = host.now();
      // A task that retried (network, 5xx) sent once more per extra answer.
      if (answers++ > 0) {
        queue.pace = pacing.withSend(queue.pace, now);
        sent.push(now);
      }
      const signal = readRateSignal(headers, now, host.atEpoch);
      if (status === 429) overCapMs = refusedAt(sent.pop() ?? now, now, signal);
      else queue.pace = pacing.learnFromAnswer(queue.pace, signal, now, host.overrideOf(queue.id.key));
      host.scheduleSave();
    })
    .catch((error: unknown) => fail({ kind: 'network' as const, message: String(error) }))
    .then((result) => {
      queue.inFlight -= 1;
      const limited = isRateLimited(result);
      if (limited && answers === 0) refusedAt(sentAt, host.now(), NO_SIGNAL);
      if (limited && overCapMs !== null) {
        // Not waited for: this request and every queued one end, saying how long the server asked.
        const told = tooLong(overCapMs);
        for (const waiter of entry.waiters) settle(waiter, told);
        host.dropAll(queue, told);
      } else if (limited && !entry.skipWait) {
        // A 429 means the server did nothing: the same request goes again when allowed, first in line.
        requeue(queue, entry);
      } else {
        for (const waiter of entry.waiters) settle(waiter, result);
      }
      host.pump(queue);
      host.onChange();
    });
}
