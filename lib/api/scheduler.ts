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
 * Framework-free: the clock, the timers and the persistence are injected. About 370 lines, the
 * diagram included: the timers, dispatch and saving are one state machine, read best in one place.
 */
import { fail, type Result } from './errors';
import * as pacing from './pacing';
import { readRateSignal } from './rate-headers';
import {
  type Entry,
  type Queue,
  RANK,
  type Waiter,
  enqueue,
  queuedCounts,
  requeue,
  settle,
  systemClock,
  takeWaiters,
  tooLong,
} from './scheduler-queue';
import type {
  Clock,
  QueueId,
  QueueView,
  RequestOptions,
  SchedulerState,
  SchedulerStore,
  Task,
} from './scheduler-types';
import { MAX_TIMER_MS } from './waits';

export * from './scheduler-types';
export { Budget } from './pacing';
export { MAX_WAIT_MS } from './waits';

export const MAX_IN_FLIGHT = 6;

export interface SchedulerDeps {
  clock?: Clock;
  store?: SchedulerStore;
  maxInFlight?: number;
  /** Called after every change of what `view()` returns. */
  onChange?: () => void;
}

const isRateLimited = (result: Result<unknown>) => !result.ok && result.error.kind === 'rateLimited';
const normalizedPerMinute = (perMinute: number | null): number | null =>
  perMinute !== null && perMinute > 0 ? Math.floor(perMinute) : null;
const NO_SIGNAL = { limit: null, remaining: null, resetMs: null, windowMs: null, retryAfterMs: null };

export class RequestScheduler {
  private readonly clock: Clock;
  private readonly store: SchedulerStore | undefined;
  private readonly maxInFlight: number;
  private readonly onChange: () => void;
  private readonly queues = new Map<string, Queue>();
  private override: number | null = null;
  private seq = 0;
  private saving: Promise<void> = Promise.resolve();
  private saveQueued = false;
  /** Resolves when the persisted state is loaded; requests wait for it. */
  readonly ready: Promise<void>;

  constructor(deps: SchedulerDeps = {}) {
    this.clock = deps.clock ?? systemClock;
    this.store = deps.store;
    this.maxInFlight = deps.maxInFlight ?? MAX_IN_FLIGHT;
    this.onChange = deps.onChange ?? (() => undefined);
    this.ready = this.restore();
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
        this.dispatch(queue, entry, this.now());
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
      const next = pacing.nextAllowedAt(queue.pace, this.budgetOf(queue), now);
      const waiting = queue.pending.length > 0 && next > now ? next : null;
      const budget = pacing.heldBudgetOf(queue.pace, this.overrideOf(queue.id.key));
      return {
        key: queue.id.key,
        origin: queue.id.origin,
        waitingUntil: waiting,
        reason: waiting === null ? null : ('rateLimit' as const),
        queued: queuedCounts(queue),
        inFlight: queue.inFlight,
        budget,
      };
    });
  }

  /**
   * What a queue spent of its budget: the send times inside the budget's window (all priorities),
   * the budget (null while unknown) and the end of a 429 wait. Background work (the portfolio
   * refresh) takes only what leaves the user's share free.
   */
  usage(key: string): { sends: number[]; budget: pacing.Budget | null; waitingUntil: number | null } {
    const pace = this.queues.get(key)?.pace ?? pacing.NEW_PACE;
    const budget = pacing.heldBudgetOf(pace, this.overrideOf(key));
    const now = this.now();
    const waitingUntil = (pace.waitingUntil ?? 0) > now ? pace.waitingUntil : null;
    return { sends: pacing.recentSends(pace, budget, now), budget, waitingUntil };
  }

  // -------------------------------------------------------------------------------------------
  // Queueing

  private queueOf(id: QueueId): Queue {
    let queue = this.queues.get(id.key);
    if (!queue) {
      queue = {
        id,
        pace: pacing.NEW_PACE,
        override: undefined,
        pending: [],
        inFlight: 0,
        timer: undefined,
        timerAt: null,
      };
      this.queues.set(id.key, queue);
    }
    return queue;
  }

  /** Removes matching waiters of queued entries, resolving them as aborted (or with `result`). */
  /** Ends matching queued callers, as aborted (or with `result`); returns how many. */
  private drop(
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

  private budgetOf(queue: Queue): pacing.Budget | null {
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
      if (queue.inFlight > 0 && budget?.source === 'learned' && pacing.probing(queue.pace.learning, used))
        return;
      this.dispatch(queue, queue.pending.shift() as Entry, now);
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

  private dispatch(queue: Queue, entry: Entry, sentAt: number): void {
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
      const learned = pacing.learnFrom429(queue.pace, signal, now, refused, this.overrideOf(queue.id.key));
      queue.pace = learned.pace;
      return learned.overCapMs;
    };
    this.scheduleSave();
    void entry
      .task((status, headers) => {
        const now = this.now();
        // A task that retried (network, 5xx) sent once more per extra answer.
        if (answers++ > 0) {
          queue.pace = pacing.withSend(queue.pace, now);
          sent.push(now);
        }
        const signal = readRateSignal(headers, now);
        if (status === 429) overCapMs = refusedAt(sent.pop() ?? now, now, signal);
        else queue.pace = pacing.learnFromAnswer(queue.pace, signal, now, this.overrideOf(queue.id.key));
        this.scheduleSave();
      })
      .catch((error: unknown) => fail({ kind: 'network' as const, message: String(error) }))
      .then((result) => {
        queue.inFlight -= 1;
        const limited = isRateLimited(result);
        if (limited && answers === 0) refusedAt(sentAt, this.now(), NO_SIGNAL);
        if (limited && overCapMs !== null) {
          // Not waited for: this request and every queued one end, saying how long the server asked.
          const told = tooLong(overCapMs);
          for (const waiter of entry.waiters) settle(waiter, told);
          this.drop(queue, () => true, told);
        } else if (limited && !entry.skipWait) {
          // A 429 means the server did nothing: the same request goes again when allowed, first in line.
          requeue(queue, entry);
        } else {
          for (const waiter of entry.waiters) settle(waiter, result);
        }
        this.pump(queue);
        this.onChange();
      });
  }

  // -------------------------------------------------------------------------------------------
  // Persistence

  private async restore(): Promise<void> {
    let state: SchedulerState | null | undefined;
    try {
      state = await this.store?.load();
    } catch {
      state = null;
    }
    for (const [key, { origin, ...saved }] of Object.entries(state?.queues ?? {}))
      this.queueOf({ key, origin }).pace = pacing.restored(saved, this.now());
  }

  snapshot(): SchedulerState {
    const queues: SchedulerState['queues'] = {};
    for (const { id, pace } of this.queues.values())
      queues[id.key] = { origin: id.origin, ...pace, sends: [...pace.sends] };
    return { queues };
  }

  /** Coalesces saves: at most one in flight and one waiting, each with the newest state. */
  private scheduleSave(): void {
    const store = this.store;
    if (!store || this.saveQueued) return;
    this.saveQueued = true;
    this.saving = this.saving.then(async () => {
      this.saveQueued = false;
      await store.save(this.snapshot()).catch(() => undefined);
    });
  }

  /** Waits for pending saves (tests, and before the worker may stop). */
  flush(): Promise<void> {
    return this.saving;
  }
}
