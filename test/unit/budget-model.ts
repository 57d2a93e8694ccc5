/**
 * A model of a server that announces no limit, for the budget learner's property tests: a
 * fixed-window limiter, other clients of the same key, answers 0..jitter ms late, and the real
 * scheduler driven by a fake clock. Only the clock and the server are made up.
 */
import { fail, ok, type Result } from '../../lib/api/errors';
import { RequestScheduler } from '../../lib/api/scheduler';
import { type Report } from '../../lib/api/scheduler-types';
import { ManualClock, QUEUE } from './scheduler-helpers';

export interface World {
  limit: number;
  windowMs: number;
  /** Other clients' requests in each window, at its start. */
  others: number;
  /** When the other clients stop (ms after the start; null: never). */
  othersUntil?: number;
  /** Arrival jitter: each request reaches the server 0..jitter ms after it was sent. */
  jitterMs: number;
  /** The server's limit from `at` on. */
  raise: { at: number; limit: number } | null;
  seed: number;
}

/** A fixed-window limiter: windows of `windowMs` from a phase; the others' requests come first in each. */
export function modelServer(clock: ManualClock, world: World) {
  let windowIndex = -1;
  let used = 0;
  const start = clock.now();
  const limitAt = (t: number) =>
    world.raise && t - start >= world.raise.at ? world.raise.limit : world.limit;
  const take = (): { status: number; headers: Record<string, string> } => {
    const now = clock.now();
    const index = Math.floor((now - start) / world.windowMs);
    if (index !== windowIndex) {
      windowIndex = index;
      const others = world.othersUntil !== undefined && now - start >= world.othersUntil ? 0 : world.others;
      used = Math.min(others, limitAt(now));
    }
    const resetS = Math.ceil((start + (index + 1) * world.windowMs - now) / 1000);
    if (used >= limitAt(now)) return { status: 429, headers: { 'Retry-After': String(Math.max(1, resetS)) } };
    used += 1;
    return { status: 200, headers: {} };
  };
  return { take, limitAt };
}

/** Runs of a property: `n`, or BUDGET_PROPERTY_RUNS for a stress run (BUDGET_PROPERTY_RUNS=1000). */
export const runs = (n: number): number => Number(process.env.BUDGET_PROPERTY_RUNS) || n;

export const sleep = (clock: ManualClock, ms: number) =>
  new Promise<void>((resolve) => clock.setTimeout(resolve, ms));

type Answer = { status: number; headers: Record<string, string> };

/**
 * A request as the worker's client makes it: it reaches the server 0..jitter ms after it was sent
 * (a seeded sequence), the answer comes back 20 ms later, a 429 is reported as rate-limited.
 */
function requestsTo(clock: ManualClock, take: () => Answer, jitterMs: number, seed: number) {
  let random = seed;
  const nextJitter = () => {
    random = (random * 1103515245 + 12345) % 2 ** 31;
    return jitterMs === 0 ? 0 : random % (jitterMs + 1);
  };
  const refusals: number[] = [];
  const admitted: number[] = [];
  const task = async (report: Report): Promise<Result<string>> => {
    await sleep(clock, nextJitter());
    const answer = take();
    (answer.status === 429 ? refusals : admitted).push(clock.now());
    await sleep(clock, 20);
    report(answer.status, new Headers(answer.headers));
    return answer.status === 429 ? fail({ kind: 'rateLimited', retryAfterMs: null, message: '429' }) : ok('');
  };
  return { task, refusals, admitted };
}

/** Runs a steady demand (the queue never empty) for `windows` windows; samples the learned limit. */
export async function simulate(world: World, windows: number) {
  const clock = new ManualClock();
  const api = modelServer(clock, world);
  const scheduler = new RequestScheduler({ clock });
  const { task, refusals, admitted } = requestsTo(clock, api.take, world.jitterMs, world.seed);
  const end = clock.now() + windows * world.windowMs;
  const feed = () => {
    const queued = scheduler.view()[0]?.queued.background ?? 0;
    for (let i = queued; i < 40; i++) void scheduler.run(QUEUE, { priority: 'background' }, task);
  };
  const samples: { at: number; limit: number | null; windowMs: number | null; serverLimit: number }[] = [];
  const t0 = clock.now();
  while (clock.now() < end) {
    feed();
    await clock.advance(250);
    const budget = scheduler.view()[0]?.budget;
    samples.push({
      at: clock.now() - t0,
      limit: budget?.limit ?? null,
      windowMs: budget?.windowMs ?? null,
      serverLimit: api.limitAt(clock.now()),
    });
  }
  scheduler.cancel();
  await clock.advance(10 * world.windowMs);
  return { samples, refusals: refusals.map((t) => t - t0), admitted: admitted.map((t) => t - t0) };
}

/** The longest stretch (ms) in which the learned limit was below `floor(t)`, once something was learned. */
export function longestBelow(samples: { at: number; limit: number | null }[], floor: (at: number) => number) {
  let longest = 0;
  let since: number | null = null;
  for (const { at, limit } of samples) {
    if (limit !== null && limit < floor(at)) since ??= at;
    else since = null;
    if (since !== null) longest = Math.max(longest, at - since);
  }
  return longest;
}

/**
 * A limiter whose window opens with the first request after the last one closed (as the sandbox's),
 * counting every client of the key: `take()` is the extension's request, `spend(n)` another client's.
 */
function openingWindowServer(clock: ManualClock, windowMs: number, initialLimit: number) {
  let limit = initialLimit;
  let start = -Infinity;
  let used = 0;
  const take = (): Answer => {
    const now = clock.now();
    if (now - start >= windowMs) [start, used] = [now, 0];
    if (used >= limit) {
      const resetS = Math.max(1, Math.ceil((start + windowMs - now) / 1000));
      return { status: 429, headers: { 'Retry-After': String(resetS) } };
    }
    used += 1;
    return { status: 200, headers: {} };
  };
  const spend = (n: number) => {
    for (let i = 0; i < n; i++) take();
  };
  /** A new limit, with fresh counters (as the sandbox's). */
  const setLimit = (next: number) => {
    [limit, start, used] = [next, -Infinity, 0];
  };
  return { take, spend, setLimit };
}

export interface Session {
  limit: number;
  windowMs: number;
  jitterMs: number;
  seed: number;
}

/**
 * One scheduler (a worker's session) against an opening-window server and another client of the
 * same key. A flow queues `requests` at once and takes from then until the last is answered; a
 * window of quiet follows it (as in the budget bench).
 */
export function budgetSession({ limit, windowMs, jitterMs, seed }: Session) {
  const clock = new ManualClock();
  const server = openingWindowServer(clock, windowMs, limit);
  const scheduler = new RequestScheduler({ clock });
  const requests = requestsTo(clock, server.take, jitterMs, seed);
  let othersEach = 0;
  /** The other client spends `n` now and, with `everyWindow`, at the start of each window after. */
  const others = (n: number, everyWindow: boolean) => {
    othersEach = everyWindow ? n : 0;
    server.spend(n);
    const again = () => {
      if (othersEach === 0) return;
      server.spend(othersEach);
      clock.setTimeout(again, windowMs);
    };
    if (everyWindow) clock.setTimeout(again, windowMs);
  };
  const stopOthers = () => {
    othersEach = 0;
  };
  const flow = async (count: number) => {
    const from = clock.now();
    const refusedBefore = requests.refusals.length;
    let done = 0;
    for (let i = 0; i < count; i++)
      void scheduler.run(QUEUE, { priority: 'user', order: i }, requests.task).then(() => done++);
    while (done < count) await clock.advance(50);
    const wallMs = clock.now() - from;
    const refused = requests.refusals.length - refusedBefore;
    await clock.advance(windowMs + 1_000);
    return { wallMs, refused };
  };
  return { clock, scheduler, server, others, stopOthers, flow, refusedAt: requests.refusals };
}
