/**
 * The one request scheduler of the worker: every API call waits its turn here, in one queue per
 * API key and origin. It learns the key's budget (from Retry-After, X-RateLimit-* / RateLimit-*
 * headers, or from the 429s it meets; a per-minute override wins), paces requests in a sliding
 * window of send times so that it does not run into 429s once the budget is known, sends what the
 * user asked for first, and treats a 429 as "wait, then send again", never as a failure.
 *
 * Replacement: a newer request with the same dedupe key as a queued (not yet sent) one takes its
 * place, and the older caller receives the newer one's answer (the same thing was asked twice).
 *
 * Framework-free: the clock, the timers and the persistence are injected.
 */
import { z } from '../zod';
import { fail, type Result } from './errors';
import { type RateSignal, readRateSignal } from './rate-headers';
import { MAX_TIMER_MS, MAX_WAIT_MS } from './waits';

export { MAX_WAIT_MS } from './waits';

export const Priority = z.enum(['user', 'visible', 'background']);
export type Priority = z.infer<typeof Priority>;
const RANK: Record<Priority, number> = { user: 0, visible: 1, background: 2 };

export const Budget = z.object({
  limit: z.int().check(z.positive()),
  windowMs: z.int().check(z.positive()),
  source: z.enum(['override', 'headers', 'learned']),
});
export type Budget = z.infer<typeof Budget>;

/** What survives the worker being stopped, per queue: no token, only its hash in the key. */
export const SchedulerState = z.object({
  queues: z.record(
    z.string(),
    z.object({
      origin: z.string(),
      budget: z.nullable(Budget),
      sends: z.array(z.number()),
      waitingUntil: z.nullable(z.number()),
      resumedAt: z.number(),
      /** Until when the server asked to wait, when it asked past the cap (absent: it did not). */
      overCapUntil: z.optional(z.nullable(z.number())),
    }),
  ),
});
export type SchedulerState = z.infer<typeof SchedulerState>;

export interface SchedulerStore {
  load(): Promise<SchedulerState | null>;
  save(state: SchedulerState): Promise<void>;
}

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** One queue per API key and origin; the key holds a hash of the token, never the token. */
export interface QueueId {
  key: string;
  origin: string;
}

export interface RequestOptions {
  priority: Priority;
  /** Within a priority, lower goes first (visible slots before hidden ones). Default 0. */
  order?: number;
  /** A queued request with the same key is replaced by this one (reads only). */
  dedupeKey?: string;
  /** For cancelling a group, e.g. an import job's id. */
  tag?: string;
  signal?: AbortSignal;
  /** The key's "requests per minute" setting: a number wins for this queue, null learns. */
  perMinute?: number | null;
  /**
   * Sent at once, even while the queue waits (saving credentials must never wait behind the data
   * queue); a 429 ends it as rateLimited instead of waiting. It still counts against the budget.
   */
  skipWait?: boolean;
  /**
   * A job that pauses past the cap: while the key waits out a 429 that asked past the cap, the
   * request ends at once as rateLimited with the rest of the server's wait, instead of waiting
   * the cap to be refused again.
   */
  pausesPastCap?: boolean;
}

type HeaderLookup = { get(name: string): string | null };
/** Called by a task for each HTTP answer it gets (a retried GET reports every attempt). */
export type Report = (status: number, headers: HeaderLookup) => void;
export type Task<T> = (report: Report) => Promise<Result<T>>;

export const QueueView = z.object({
  key: z.string(),
  origin: z.string(),
  /** When the next queued request may go (epoch ms); null when nothing waits for the budget. */
  waitingUntil: z.nullable(z.number()),
  reason: z.nullable(z.literal('rateLimit')),
  queued: z.object({ user: z.int(), visible: z.int(), background: z.int() }),
  inFlight: z.int(),
  budget: z.nullable(Budget),
});
export type QueueView = z.infer<typeof QueueView>;

/** Without any signal, a 429 is taken to mean "this many per minute". */
const DEFAULT_WINDOW_MS = 60_000;
/** Our send times precede the server's receipt; a little slack keeps the window on the safe side. */
const PACING_MARGIN_MS = 250;
const MIN_WINDOW_MS = 1_000;
export const MAX_IN_FLIGHT = 6;

interface Waiter {
  resolve(result: Result<unknown>): void;
  tag: string | undefined;
  signal: AbortSignal | undefined;
  onAbort: (() => void) | undefined;
}

interface Entry {
  seq: number;
  rank: number;
  order: number;
  dedupeKey: string | undefined;
  task: Task<unknown>;
  waiters: Waiter[];
  /** Sent at once and never again after a 429 (RequestOptions.skipWait). */
  skipWait: boolean;
}

interface Queue {
  id: QueueId;
  budget: Budget | null;
  sends: number[];
  /** The override its requests carry (undefined: none said; the scheduler-wide one applies). */
  override: number | null | undefined;
  waitingUntil: number | null;
  /** When the last 429 wait ended: the start of the burst that a next 429 is measured against. */
  resumedAt: number;
  /** Until when the server asked to wait, when it asked past the cap; null otherwise. */
  overCapUntil: number | null;
  pending: Entry[];
  inFlight: number;
  timer: unknown;
  timerAt: number | null;
}

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

export class RequestScheduler {
  private readonly clock: Clock;
  private readonly store: SchedulerStore | undefined;
  private readonly maxInFlight: number;
  private readonly onChange: (() => void) | undefined;
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
    this.onChange = deps.onChange;
    this.ready = this.restore();
  }

  /** "Requests per minute allowed by your key": a number wins over anything learned; null learns. */
  setOverride(perMinute: number | null): void {
    this.override = normalizedPerMinute(perMinute);
    for (const queue of this.queues.values()) this.pump(queue);
    this.changed();
  }

  async run<T>(id: QueueId, options: RequestOptions, task: Task<T>): Promise<Result<T>> {
    await this.ready;
    if (options.signal?.aborted) return fail({ kind: 'aborted' });
    const queue = this.queueOf(id);
    if (options.perMinute !== undefined) queue.override = normalizedPerMinute(options.perMinute);
    const now = this.clock.now();
    if (options.pausesPastCap && queue.overCapUntil !== null && queue.overCapUntil > now)
      return tooLong(queue.overCapUntil - now);
    return new Promise<Result<T>>((resolve) => {
      const waiter: Waiter = {
        resolve: resolve as (result: Result<unknown>) => void,
        tag: options.tag,
        signal: options.signal,
        onAbort: undefined,
      };
      const entry: Entry = {
        seq: this.seq++,
        rank: RANK[options.priority],
        order: options.order ?? 0,
        dedupeKey: options.skipWait ? undefined : options.dedupeKey,
        task: task as Task<unknown>,
        waiters: [waiter],
        skipWait: options.skipWait === true,
      };
      if (entry.skipWait) {
        this.dispatch(queue, entry, this.clock.now());
        this.changed();
        return;
      }
      if (options.signal) {
        waiter.onAbort = () => this.drop(queue, (w) => w === waiter);
        options.signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.enqueue(queue, entry);
      this.pump(queue);
      this.changed();
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
    queue.overCapUntil = null;
    if (queue.waitingUntil === null) return;
    queue.waitingUntil = null;
    queue.resumedAt = this.clock.now();
    if (queue.timer !== undefined) this.clock.clearTimeout(queue.timer);
    queue.timer = undefined;
    queue.timerAt = null;
    this.scheduleSave();
    this.pump(queue);
    this.changed();
  }

  view(): QueueView[] {
    const now = this.clock.now();
    return [...this.queues.values()].map((queue) => {
      const queued = { user: 0, visible: 0, background: 0 };
      for (const entry of queue.pending) {
        const priority =
          (Object.keys(RANK) as Priority[]).find((p) => RANK[p] === entry.rank) ?? 'background';
        queued[priority] += entry.waiters.length;
      }
      const next = this.nextAllowedAt(queue, now);
      const waiting = queue.pending.length > 0 && next > now ? next : null;
      return {
        key: queue.id.key,
        origin: queue.id.origin,
        waitingUntil: waiting,
        reason: waiting === null ? null : ('rateLimit' as const),
        queued,
        inFlight: queue.inFlight,
        budget: this.budgetOf(queue),
      };
    });
  }

  /**
   * What a queue spent of its budget: the send times inside the budget's window (all priorities),
   * the budget (null while unknown) and the end of a 429 wait. Background work (the portfolio
   * refresh) takes only what leaves the user's share free.
   */
  usage(key: string): { sends: number[]; budget: Budget | null; waitingUntil: number | null } {
    const queue = this.queues.get(key);
    if (!queue) {
      const budget =
        this.override === null
          ? null
          : { limit: this.override, windowMs: 60_000, source: 'override' as const };
      return { sends: [], budget, waitingUntil: null };
    }
    const now = this.clock.now();
    const budget = this.budgetOf(queue);
    const window = (budget?.windowMs ?? DEFAULT_WINDOW_MS) + PACING_MARGIN_MS;
    const waiting = queue.waitingUntil !== null && queue.waitingUntil > now ? queue.waitingUntil : null;
    return { sends: queue.sends.filter((t) => t > now - window), budget, waitingUntil: waiting };
  }

  // -------------------------------------------------------------------------------------------
  // Queueing

  private queueOf(id: QueueId): Queue {
    let queue = this.queues.get(id.key);
    if (!queue) {
      queue = {
        id,
        budget: null,
        sends: [],
        override: undefined,
        waitingUntil: null,
        resumedAt: 0,
        overCapUntil: null,
        pending: [],
        inFlight: 0,
        timer: undefined,
        timerAt: null,
      };
      this.queues.set(id.key, queue);
    }
    return queue;
  }

  private enqueue(queue: Queue, entry: Entry): void {
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
    queue.pending.sort((a, b) => a.rank - b.rank || a.order - b.order || a.seq - b.seq);
  }

  /** Removes matching waiters of queued entries, resolving them as aborted (or with `result`). */
  private drop(
    queue: Queue,
    matches: (waiter: Waiter) => boolean,
    result: Result<never> = fail({ kind: 'aborted' }),
  ): number {
    let count = 0;
    for (const entry of queue.pending) {
      const [gone, kept] = partition(entry.waiters, matches);
      entry.waiters = kept;
      for (const waiter of gone) {
        count += 1;
        this.settle(waiter, result);
      }
    }
    queue.pending = queue.pending.filter((entry) => entry.waiters.length > 0);
    if (count > 0) {
      this.pump(queue);
      this.changed();
    }
    return count;
  }

  private settle(waiter: Waiter, result: Result<unknown>): void {
    if (waiter.onAbort) waiter.signal?.removeEventListener('abort', waiter.onAbort);
    waiter.resolve(result);
  }

  // -------------------------------------------------------------------------------------------
  // Pacing

  private budgetOf(queue: Queue): Budget | null {
    const override = queue.override !== undefined ? queue.override : this.override;
    if (override !== null) return { limit: override, windowMs: 60_000, source: 'override' };
    return queue.budget;
  }

  /** The earliest time the next request of this queue may be sent. */
  private nextAllowedAt(queue: Queue, now: number): number {
    let at = Math.max(now, queue.waitingUntil ?? 0);
    const budget = this.budgetOf(queue);
    if (budget) {
      const window = budget.windowMs + PACING_MARGIN_MS;
      const recent = queue.sends.filter((t) => t > now - window);
      if (recent.length >= budget.limit) {
        // The oldest send that must leave the window before one more fits.
        const oldest = recent[recent.length - budget.limit] ?? now;
        at = Math.max(at, oldest + window);
      }
    }
    return Math.min(at, now + MAX_WAIT_MS);
  }

  private pump(queue: Queue): void {
    const now = this.clock.now();
    this.prune(queue, now);
    while (queue.pending.length > 0 && queue.inFlight < this.maxInFlight) {
      const at = this.nextAllowedAt(queue, now);
      if (at > now) {
        this.wakeAt(queue, at);
        return;
      }
      const entry = queue.pending.shift() as Entry;
      this.dispatch(queue, entry, now);
    }
  }

  private wakeAt(queue: Queue, at: number): void {
    if (queue.timerAt !== null && queue.timerAt <= at) return;
    if (queue.timer !== undefined) this.clock.clearTimeout(queue.timer);
    queue.timerAt = at;
    queue.timer = this.clock.setTimeout(
      () => {
        queue.timer = undefined;
        queue.timerAt = null;
        this.pump(queue);
        this.changed();
      },
      Math.min(MAX_TIMER_MS, Math.max(0, at - this.clock.now())),
    );
  }

  private prune(queue: Queue, now: number): void {
    const keep = Math.max(DEFAULT_WINDOW_MS, this.budgetOf(queue)?.windowMs ?? 0) + PACING_MARGIN_MS;
    queue.sends = queue.sends.filter((t) => t > now - keep);
    if (queue.waitingUntil !== null && queue.waitingUntil <= now) {
      queue.waitingUntil = null;
      queue.resumedAt = now;
    }
  }

  private dispatch(queue: Queue, entry: Entry, sentAt: number): void {
    queue.inFlight += 1;
    // Sent in the same instant before this one: those after it did not get through before it.
    const alongside = queue.sends.filter((t) => t === sentAt).length;
    queue.sends.push(sentAt);
    const sent: number[] = [sentAt];
    let answers = 0;
    /** A 429 asked for a wait past the cap: the server's wait, told to the callers instead of waited. */
    let overCapMs: number | null = null;
    const report: Report = (status, headers) => {
      const now = this.clock.now();
      // A task that retried (network, 5xx) sent once more per extra answer.
      if (answers++ > 0) {
        queue.sends.push(now);
        sent.push(now);
      }
      const signal = readRateSignal(headers, now);
      if (status === 429) {
        // A refused request did not count against the budget: take its send back out.
        const refusedAt = sent.pop() ?? now;
        removeOne(queue.sends, refusedAt);
        const before = refusedAt === sentAt ? alongside : Infinity;
        overCapMs = this.learnFrom429(queue, signal, now, { at: refusedAt, alongside: before });
      } else {
        this.learnFromHeaders(queue, signal, now);
      }
      this.scheduleSave();
    };
    this.scheduleSave();
    void entry
      .task(report)
      .catch((error: unknown) => fail({ kind: 'network' as const, message: String(error) }))
      .then((result) => {
        queue.inFlight -= 1;
        if (isRateLimited(result) && answers === 0) {
          removeOne(queue.sends, sentAt);
          this.learnFrom429(queue, emptySignal(), this.clock.now(), { at: sentAt, alongside });
        }
        if (isRateLimited(result) && overCapMs !== null) {
          // Not waited for: this request and every queued one end, saying how long the server asked.
          const told = tooLong(overCapMs);
          for (const waiter of entry.waiters) this.settle(waiter, told);
          this.drop(queue, () => true, told);
        } else if (isRateLimited(result) && entry.skipWait) {
          for (const waiter of entry.waiters) this.settle(waiter, result);
        } else if (isRateLimited(result)) {
          // A 429 means the server did nothing: the same request goes again when allowed, first in line.
          queue.pending.unshift(entry);
          queue.pending.sort((a, b) => a.rank - b.rank || a.order - b.order || a.seq - b.seq);
        } else {
          for (const waiter of entry.waiters) this.settle(waiter, result);
        }
        this.pump(queue);
        this.changed();
      });
  }

  // -------------------------------------------------------------------------------------------
  // Learning

  private learnFromHeaders(queue: Queue, signal: RateSignal, now: number): void {
    if (signal.remaining === 0 && signal.resetMs !== null) {
      queue.waitingUntil = Math.max(queue.waitingUntil ?? 0, now + Math.min(signal.resetMs, MAX_WAIT_MS));
    }
    if (signal.limit === null || signal.limit <= 0) return;
    // The first request of a window sees `remaining = limit - 1` and the whole window as reset.
    const windowFromReset =
      signal.resetMs !== null && signal.remaining === signal.limit - 1
        ? Math.ceil(signal.resetMs / 1000) * 1000
        : null;
    const windowMs = signal.windowMs ?? windowFromReset ?? queue.budget?.windowMs ?? DEFAULT_WINDOW_MS;
    const window = Math.min(MAX_WAIT_MS, Math.max(MIN_WINDOW_MS, windowMs));
    queue.budget = { limit: signal.limit, windowMs: window, source: 'headers' };
  }

  /**
   * `refused`: when the refused request was sent, and how many were sent in that same instant before
   * it; what was sent after it is not the budget. Returns the server's wait when it is past the cap
   * (then only the cap is waited), else null.
   */
  private learnFrom429(
    queue: Queue,
    signal: RateSignal,
    now: number,
    refused: { at: number; alongside: number },
  ): number | null {
    const asked = signal.retryAfterMs ?? signal.resetMs;
    const overCap = asked !== null && asked > MAX_WAIT_MS ? asked : null;
    const waitMs = asked === null ? null : Math.min(asked, MAX_WAIT_MS);
    const retryAt = waitMs !== null ? now + waitMs : null;
    if (retryAt !== null) queue.waitingUntil = Math.max(queue.waitingUntil ?? 0, retryAt);
    // An answer past the cap is not credible: the queue waits the cap, but learns no budget from it.
    if (overCap !== null) {
      queue.overCapUntil = Math.max(queue.overCapUntil ?? 0, now + overCap);
      return overCap;
    }
    if (signal.limit !== null) {
      this.learnFromHeaders(queue, signal, now);
      return overCap;
    }
    if (queue.budget?.source === 'headers') return overCap;
    const known = queue.budget;
    // The requests that got through since the last wait ended are what the key allows per window.
    const windowGuess = known?.windowMs ?? DEFAULT_WINDOW_MS;
    // Requests still in flight that were sent before the refused one got through; later ones may not.
    const counted = queue.sends.filter((t) => t >= queue.resumedAt && t > now - windowGuess);
    const earlier = counted.filter((t) => t < refused.at);
    const sameInstant = counted.filter((t) => t === refused.at).slice(0, refused.alongside);
    const burst = [...earlier, ...sameInstant];
    if (burst.length === 0 && known) {
      // Refused right after a wait: the window is longer than learned, not the limit lower.
      const lastOnes = queue.sends.filter((t) => t <= now).slice(-known.limit);
      const from = lastOnes[0] ?? now;
      const longer = retryAt !== null ? retryAt - from : known.windowMs * 2;
      queue.budget = { ...known, windowMs: Math.min(DEFAULT_WINDOW_MS, Math.max(known.windowMs, longer)) };
    } else {
      const limit = Math.max(1, burst.length);
      const first = burst[0] ?? now;
      const windowMs =
        retryAt !== null
          ? Math.min(DEFAULT_WINDOW_MS, Math.max(MIN_WINDOW_MS, retryAt - first))
          : windowGuess;
      queue.budget = {
        limit: Math.min(limit, known?.limit ?? limit),
        windowMs: Math.max(windowMs, known?.windowMs ?? 0),
        source: 'learned',
      };
    }
    if (retryAt === null) {
      // No word on when: wait until the window lets one more through.
      queue.waitingUntil = Math.max(queue.waitingUntil ?? 0, this.nextAllowedAt(queue, now));
    }
    return overCap;
  }

  // -------------------------------------------------------------------------------------------
  // Persistence and notification

  private async restore(): Promise<void> {
    if (!this.store) return;
    let state: SchedulerState | null = null;
    try {
      state = await this.store.load();
    } catch {
      state = null;
    }
    if (!state) return;
    for (const [key, saved] of Object.entries(state.queues)) {
      const queue = this.queueOf({ key, origin: saved.origin });
      queue.budget = saved.budget && {
        ...saved.budget,
        windowMs: Math.min(saved.budget.windowMs, MAX_WAIT_MS),
      };
      queue.sends = [...saved.sends];
      // A wait saved by an older version (or a clock that jumped) is capped like a new one.
      const latest = this.clock.now() + MAX_WAIT_MS;
      queue.waitingUntil = saved.waitingUntil === null ? null : Math.min(saved.waitingUntil, latest);
      queue.resumedAt = saved.resumedAt;
      queue.overCapUntil = saved.overCapUntil ?? null;
    }
  }

  snapshot(): SchedulerState {
    const queues: SchedulerState['queues'] = {};
    for (const queue of this.queues.values()) {
      queues[queue.id.key] = {
        origin: queue.id.origin,
        budget: queue.budget,
        sends: [...queue.sends],
        waitingUntil: queue.waitingUntil,
        resumedAt: queue.resumedAt,
        overCapUntil: queue.overCapUntil,
      };
    }
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

  private changed(): void {
    this.onChange?.();
  }
}

/** What the callers of a request hear when the server asked for a wait past the cap. */
function tooLong(retryAfterMs: number): Result<never> {
  return fail({
    kind: 'rateLimited',
    retryAfterMs,
    message: `the server asks to wait ${Math.round(retryAfterMs / 1000)} s, longer than the ${MAX_WAIT_MS / 60_000} minutes honoured`,
  });
}

function emptySignal(): RateSignal {
  return { limit: null, remaining: null, resetMs: null, windowMs: null, retryAfterMs: null };
}

function removeOne(list: number[], value: number): void {
  const index = list.lastIndexOf(value);
  if (index !== -1) list.splice(index, 1);
}

function partition<T>(items: T[], test: (item: T) => boolean): [T[], T[]] {
  const yes: T[] = [];
  const no: T[] = [];
  for (const item of items) (test(item) ? yes : no).push(item);
  return [yes, no];
}

/** The queue of an API key at an origin: the token is hashed (SHA-256), never kept. */
export async function queueIdOf(baseUrl: string, token: string): Promise<QueueId> {
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    origin = baseUrl;
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hash = [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { key: `${origin}#${hash}`, origin };
}
