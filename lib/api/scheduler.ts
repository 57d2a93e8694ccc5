/**
 * The one request scheduler of the worker: every API call waits its turn here, in one queue per
 * API key and origin. It paces each queue to the budget its `Pace` knows (lib/api/pacing.ts: pure
 * functions that learn from Retry-After, X-RateLimit-* / RateLimit-* headers and 429s; a per-minute
 * override wins), sends what the user asked for first, and treats a 429 as "wait, then send again",
 * never as a failure. This module keeps the queues, their timers and the saved state.
 *
 * Replacement: a newer request with the same dedupe key as a queued (not yet sent) one takes its
 * place, and the older caller receives the newer one's answer (the same thing was asked twice).
 *
 * A queue's states, as its `pace.waitingUntil`, `pace.overCapUntil` and `timerAt` say:
 *
 *                  run(): the budget has room
 *      IDLE ─────────────────────────────────────────────► SENDING (inFlight > 0)
 *       │  ▲                                                  │   │
 *       │  │ answered                                         │   │ 429 within the cap:
 *       │  └──────────────────────────────────────────────────┘   │ the request queued again,
 *       │ window full: timer armed at nextAllowedAt               ▼ first in line
 *       ▼                                                      WAITING (waitingUntil > now,
 *     PACED (timerAt set) ──timer fires, room again──► SENDING    timer armed at it)
 *                                                                 │ timer fires: waitingUntil null,
 *       429 past the cap (from SENDING):                          │ resumedAt = now ──► PACED/SENDING
 *       every caller and queued request told the server's wait;   │
 *       WAITING the cap, with overCapUntil = the server's time:   │ cancel(queue) / endWait():
 *       meanwhile a pausesPastCap request ends at once ───────────┘ both cleared ──► IDLE/SENDING
 *
 * Framework-free: the clock, the timers and the persistence are injected. Sending an entry and
 * learning from its answers is lib/api/scheduler-dispatch.ts; saving, lib/api/scheduler-saving.ts.
 */
import type { Budget } from './budget';
import { type Result, fail } from './errors';
import { probing } from './learner';
import * as pacing from './pacing';
import { type DispatchHost, dispatch } from './scheduler-dispatch';
import {
  type Entry,
  type Queue,
  RANK,
  type Usage,
  type Waiter,
  enqueue,
  newQueue,
  settle,
  takeWaiters,
  tooLong,
  usageOf,
  viewOf,
} from './scheduler-queue';
import { CoalescedSaver, loadPaces, snapshotOf } from './scheduler-saving';
import { type Clock, clockTimeOf, epochOf, systemClock } from './clock';
import type {
  QueueId,
  QueueView,
  RequestOptions,
  SchedulerState,
  SchedulerStore,
  Task,
} from './scheduler-types';
import { MAX_TIMER_MS } from './waits';

export const MAX_IN_FLIGHT = 6;

export interface SchedulerDeps {
  clock?: Clock;
  store?: SchedulerStore;
  maxInFlight?: number;
  /** Called after every change of what `view()` returns. */
  onChange?: () => void;
}

const normalizedPerMinute = (perMinute: number | null): number | null =>
  perMinute !== null && perMinute > 0 ? Math.floor(perMinute) : null;

export class RequestScheduler {
  protected readonly clock: Clock;
  private readonly maxInFlight: number;
  protected readonly onChange: () => void;
  protected readonly queues = new Map<string, Queue>();
  private readonly saver: CoalescedSaver;
  private override: number | null = null;
  private seq = 0;
  /** Resolves when the persisted state is loaded; requests wait for it. */
  readonly ready: Promise<void>;

  constructor(deps: SchedulerDeps = {}) {
    this.clock = deps.clock ?? systemClock;
    this.saver = new CoalescedSaver(deps.store, () => this.snapshot());
    this.maxInFlight = deps.maxInFlight ?? MAX_IN_FLIGHT;
    this.onChange = deps.onChange ?? (() => undefined);
    this.ready = loadPaces(deps.store, this.now()).then((saved) => {
      for (const { id, pace } of saved) this.queueOf(id).pace = pace;
    });
  }

  /** The one reading of the clock. */
  private now = () => this.clock.now();

  /** "Requests per minute allowed by your key": a number wins over anything learned; null learns. */
  setOverride(perMinute: number | null): void {
    this.override = normalizedPerMinute(perMinute);
    for (const queue of this.queues.values()) this.pump(queue);
    this.onChange();
  }

  async run<T>(id: QueueId, options: RequestOptions, task: Task<T>): Promise<Result<T>> {
    await this.ready;
    if (options.signal?.aborted) return fail({ kind: 'aborted' });
    const queue = this.queueOf(id);
    if (options.perMinute !== undefined) queue.override = normalizedPerMinute(options.perMinute);
    const overCapMs = (queue.pace.overCapUntil ?? 0) - this.now();
    if (options.pausesPastCap && overCapMs > 0) return tooLong(overCapMs);
    // Past the cap, what the user asks for (a Retry) asks the server again at once, as Resume does.
    if (options.priority === 'user' && overCapMs > 0) this.endWaitOf(queue);
    return new Promise<Result<T>>((resolve) => {
      const waiter: Waiter = {
        resolve: resolve as Waiter['resolve'],
        tag: options.tag,
        signal: options.signal,
        onAbort: undefined,
      };
      const skipWait = options.skipWait === true;
      const entry: Entry = {
        seq: this.seq++,
        rank: RANK[options.priority],
        order: options.order ?? 0,
        dedupeKey: skipWait ? undefined : options.dedupeKey,
        task: task as Task<unknown>,
        waiters: [waiter],
        skipWait,
      };
      if (skipWait) {
        dispatch(this.host, queue, entry, this.now());
      } else {
        if (options.signal) {
          waiter.onAbort = () => this.drop(queue, (w) => w === waiter);
          options.signal.addEventListener('abort', waiter.onAbort, { once: true });
        }
        enqueue(queue, entry);
        this.pump(queue);
      }
      this.onChange();
    });
  }

  /**
   * Resolves queued requests (all, or those of one queue, or with the tag) as aborted; returns how
   * many. Cancelling a whole queue (the page's "Cancel queued requests") also ends its wait.
   */
  cancel(filter: { tag?: string; queue?: QueueId } = {}): number {
    let count = 0;
    for (const queue of this.queues.values()) {
      if (filter.queue && queue.id.key !== filter.queue.key) continue;
      count += this.drop(queue, (w) => filter.tag === undefined || w.tag === filter.tag);
      if (filter.tag === undefined) this.endWaitOf(queue);
    }
    return count;
  }

  /** Ends the wait of a key's queue (sign-out, cancel): what is queued is sent as the budget allows. */
  endWait(id: QueueId): void {
    const queue = this.queues.get(id.key);
    if (queue) this.endWaitOf(queue);
  }

  private endWaitOf(queue: Queue): void {
    const waiting = queue.pace.waitingUntil !== null;
    queue.pace = pacing.withoutWait(queue.pace, this.now());
    if (!waiting) return;
    this.clock.clearTimeout(queue.timer);
    queue.timer = undefined;
    queue.timerAt = null;
    this.scheduleSave();
    this.pump(queue);
    this.onChange();
  }

  /** "Learn again": the key's queue forgets the budget it learned (its send times and wait stay). */
  relearn(id: QueueId): boolean {
    const queue = this.queues.get(id.key);
    if (!queue?.pace.budget) return false;
    queue.pace = pacing.unlearned(queue.pace);
    this.scheduleSave();
    this.pump(queue);
    this.onChange();
    return true;
  }

  view(): QueueView[] {
    const now = this.now();
    return [...this.queues.values()].map((queue) => {
      const view = viewOf(queue, this.overrideOf(queue.id.key), now);
      // Pages count down in epoch ms; the budget stays in the clock's (a window of "60 s").
      return {
        ...view,
        waitingUntil: view.waitingUntil === null ? null : epochOf(this.clock, view.waitingUntil),
      };
    });
  }

  /**
   * What a queue spent of its budget: the send times inside the budget's window (all priorities),
   * the budget (null while unknown) and the end of a 429 wait. Background work (the portfolio
   * refresh) takes only what leaves the user's share free.
   */
  usage(key: string): Usage {
    return usageOf(this.queues.get(key)?.pace ?? pacing.NEW_PACE, this.overrideOf(key), this.now());
  }

  // -------------------------------------------------------------------------------------------
  // Queueing

  private queueOf(id: QueueId): Queue {
    const queue = this.queues.get(id.key) ?? newQueue(id);
    this.queues.set(id.key, queue);
    return queue;
  }

  /** Ends matching queued callers, as aborted (or with `result`); returns how many. */
  protected drop(
    queue: Queue,
    matches: (waiter: Waiter) => boolean,
    result: Result<never> = fail({ kind: 'aborted' }),
  ) {
    const gone = takeWaiters(queue, matches);
    for (const waiter of gone) settle(waiter, result);
    if (gone.length > 0) {
      this.pump(queue);
      this.onChange();
    }
    return gone.length;
  }

  // -------------------------------------------------------------------------------------------
  // Sending, paced

  private overrideOf(key: string): number | null {
    const override = this.queues.get(key)?.override;
    return override !== undefined ? override : this.override;
  }

  private budgetOf(queue: Queue): Budget | null {
    return pacing.budgetOf(queue.pace, this.overrideOf(queue.id.key));
  }

  private pump(queue: Queue): void {
    const now = this.now();
    queue.pace = pacing.pruned(queue.pace, this.budgetOf(queue), now);
    while (queue.pending.length > 0 && queue.inFlight < this.maxInFlight) {
      const budget = this.budgetOf(queue);
      const at = pacing.nextAllowedAt(queue.pace, budget, now);
      if (at > now) return this.wakeAt(queue, at);
      // A raise being tried goes one request at a time: the answer in flight pumps again.
      const used = pacing.recentSends(queue.pace, budget, now).length;
      if (queue.inFlight > 0 && budget?.source === 'learned' && probing(queue.pace.learning, used)) return;
      dispatch(this.host, queue, queue.pending.shift() as Entry, now);
    }
  }

  private wakeAt(queue: Queue, at: number): void {
    if (queue.timerAt !== null && queue.timerAt <= at) return;
    this.clock.clearTimeout(queue.timer);
    queue.timerAt = at;
    queue.timer = this.clock.setTimeout(
      () => {
        queue.timer = undefined;
        queue.timerAt = null;
        this.pump(queue);
        this.onChange();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - this.now())),
    );
  }

  /** What sending an entry (scheduler-dispatch.ts) uses of the scheduler. */
  private readonly host: DispatchHost = {
    now: () => this.now(),
    atEpoch: (epochMs) => clockTimeOf(this.clock, epochMs),
    overrideOf: (key) => this.overrideOf(key),
    scheduleSave: () => this.scheduleSave(),
    pump: (queue) => this.pump(queue),
    dropAll: (queue, result) => void this.drop(queue, () => true, result),
    onChange: () => this.onChange(),
  };

  // -------------------------------------------------------------------------------------------
  // Persistence

  snapshot(): SchedulerState {
    return snapshotOf(this.queues.values());
  }

  protected scheduleSave(): void {
    this.saver.schedule();
  }

  /** Waits for pending saves (tests, and before the worker may stop). */
  flush(): Promise<void> {
    return this.saver.flush();
  }
}
