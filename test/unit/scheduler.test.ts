import { describe, expect, it } from 'vitest';
import { type Result, fail, ok } from '../../lib/api/errors';
import { readRateSignal } from '../../lib/api/rate-headers';
import { RequestScheduler } from '../../lib/api/scheduler';
import {
  type QueueId,
  type Report,
  type SchedulerState,
  type SchedulerStore,
  queueIdOf,
} from '../../lib/api/scheduler-types';
import { type Answer, ManualClock, QUEUE, server } from './scheduler-helpers';

/** Like a fixed-window server: `limit` requests per `windowMs` from the first of a window, else 429. */
function fixedWindow(clock: ManualClock, limit: number, windowMs: number, headers = false) {
  let windowStart = -Infinity;
  let used = 0;
  return (): Answer => {
    const now = clock.now();
    if (now >= windowStart + windowMs) {
      windowStart = now;
      used = 0;
    }
    const resetS = String(Math.ceil((windowStart + windowMs - now) / 1000));
    if (used >= limit) return { status: 429, headers: { 'Retry-After': resetS } };
    used += 1;
    return headers
      ? {
          status: 200,
          headers: {
            'X-RateLimit-Limit': String(limit),
            'X-RateLimit-Remaining': String(limit - used),
            'X-RateLimit-Reset': resetS,
          },
        }
      : { status: 200 };
  };
}

function memoryStore(): SchedulerStore & { state: SchedulerState | null } {
  return {
    state: null,
    load() {
      return Promise.resolve(this.state);
    },
    save(state) {
      this.state = structuredClone(state);
      return Promise.resolve();
    },
  };
}

describe('rate headers', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  it('reads Retry-After as seconds and as an HTTP date', () => {
    expect(readRateSignal(new Headers({ 'Retry-After': '12' }), now).retryAfterMs).toBe(12_000);
    const date = new Date(now + 30_000).toUTCString();
    expect(readRateSignal(new Headers({ 'Retry-After': date }), now).retryAfterMs).toBe(30_000);
  });

  it('reads X-RateLimit-*, RateLimit-* and the combined RateLimit / RateLimit-Policy fields', () => {
    const x = readRateSignal(
      new Headers({ 'X-RateLimit-Limit': '10', 'X-RateLimit-Remaining': '3', 'X-RateLimit-Reset': '20' }),
      now,
    );
    expect(x).toMatchObject({ limit: 10, remaining: 3, resetMs: 20_000 });
    const epoch = readRateSignal(new Headers({ 'RateLimit-Reset': String(now / 1000 + 45) }), now);
    expect(epoch.resetMs).toBe(45_000);
    const combined = readRateSignal(
      new Headers({ RateLimit: '"default";r=0;t=7', 'RateLimit-Policy': '"default";q=10;w=60' }),
      now,
    );
    expect(combined).toMatchObject({ limit: 10, remaining: 0, resetMs: 7_000, windowMs: 60_000 });
    const draft6 = readRateSignal(new Headers({ RateLimit: 'limit=5, remaining=4, reset=15' }), now);
    expect(draft6).toMatchObject({ limit: 5, remaining: 4, resetMs: 15_000 });
  });
});

describe('RequestScheduler', () => {
  it('learns the budget from 429s with Retry-After; afterwards only a raise tried meets one', async () => {
    const clock = new ManualClock();
    const answer = fixedWindow(clock, 5, 10_000);
    const api = server(clock, () => answer());
    const scheduler = new RequestScheduler({ clock });
    const results = Array.from({ length: 20 }, (_, i) =>
      scheduler.run(QUEUE, { priority: 'background' }, api.task(`r${i}`)),
    );
    await clock.advance(60_000);
    const settled = await Promise.all(results);
    expect(settled.every((r) => r.ok)).toBe(true);
    expect(scheduler.view()[0]?.budget).toMatchObject({ limit: 5, source: 'learned' });
    // The first burst runs into the limit (the in-flight requests with it); afterwards only a raise
    // tried (one request past the pace, after a full window) may meet it, and then falls back.
    const firstRefusal = api.sent.find((s) => s.status === 429)?.at ?? 0;
    const later = api.sent.filter((s) => s.status === 429 && s.at > firstRefusal);
    expect(later.length).toBeLessThanOrEqual(2);
    expect(api.sent.filter((s) => s.status === 200)).toHaveLength(20);
  });

  it('learns the budget from X-RateLimit-* headers and never meets a 429', async () => {
    const clock = new ManualClock();
    const answer = fixedWindow(clock, 4, 10_000, true);
    const api = server(clock, () => answer());
    const scheduler = new RequestScheduler({ clock, maxInFlight: 1 });
    const results = Array.from({ length: 12 }, (_, i) =>
      scheduler.run(QUEUE, { priority: 'visible' }, api.task(`r${i}`)),
    );
    await clock.advance(40_000);
    expect((await Promise.all(results)).every((r) => r.ok)).toBe(true);
    expect(api.sent.filter((s) => s.status === 429)).toEqual([]);
    expect(scheduler.view()[0]?.budget).toMatchObject({ limit: 4, windowMs: 10_000, source: 'headers' });
  });

  it('waits for a RateLimit reset when remaining reaches 0 and shows the wait', async () => {
    const clock = new ManualClock();
    const api = server(clock, (n) =>
      n === 0 ? { status: 200, headers: { RateLimit: 'limit=1, remaining=0, reset=12' } } : { status: 200 },
    );
    const scheduler = new RequestScheduler({ clock });
    const first = scheduler.run(QUEUE, { priority: 'user' }, api.task('a'));
    await clock.advance(0);
    expect((await first).ok).toBe(true);
    const second = scheduler.run(QUEUE, { priority: 'user' }, api.task('b'));
    await clock.advance(0);
    const view = scheduler.view()[0];
    expect(view?.reason).toBe('rateLimit');
    expect(view?.waitingUntil).toBeGreaterThanOrEqual(clock.now() + 11_000);
    expect(view?.queued).toEqual({ user: 1, visible: 0, background: 0 });
    await clock.advance(13_000);
    expect((await second).ok).toBe(true);
    expect((api.sent[1]?.at ?? 0) - (api.sent[0]?.at ?? 0)).toBeGreaterThanOrEqual(12_000);
  });

  it('paces to the override (requests per minute), which wins over what headers say', async () => {
    const clock = new ManualClock();
    const api = server(clock, () => ({ status: 200, headers: { 'X-RateLimit-Limit': '100' } }));
    const scheduler = new RequestScheduler({ clock });
    scheduler.setOverride(3);
    const results = Array.from({ length: 6 }, (_, i) =>
      scheduler.run(QUEUE, { priority: 'background' }, api.task(`r${i}`)),
    );
    await clock.advance(59_000);
    expect(api.sent).toHaveLength(3);
    // Two at once, the third spread at the rate; a minute and its margin (1.5 s) after the first.
    expect((api.sent[2]?.at ?? 0) - (api.sent[0]?.at ?? 0)).toBeGreaterThanOrEqual(20_000);
    await clock.advance(2_000);
    expect(api.sent).toHaveLength(3);
    await clock.advance(60_000);
    await Promise.all(results);
    expect(api.sent).toHaveLength(6);
    expect(scheduler.view()[0]?.budget).toMatchObject({ limit: 3, windowMs: 60_000, source: 'override' });
  });

  it('takes the override that each key’s requests carry, for that key’s queue only', async () => {
    const clock = new ManualClock();
    const api = server(clock, () => ({ status: 200 }));
    const scheduler = new RequestScheduler({ clock });
    const other: QueueId = { key: 'http://api.test#8899aabbccddeeff', origin: 'http://api.test' };
    const paced = Array.from({ length: 3 }, (_, i) =>
      scheduler.run(QUEUE, { priority: 'background', perMinute: 1 }, api.task(`paced${i}`)),
    );
    const free = Array.from({ length: 3 }, (_, i) =>
      scheduler.run(other, { priority: 'background' }, api.task(`free${i}`)),
    );
    await clock.advance(1_000);
    await Promise.all(free);
    expect(api.sent.filter((r) => r.name.startsWith('free'))).toHaveLength(3);
    expect(api.sent.filter((r) => r.name.startsWith('paced'))).toHaveLength(1);
    await clock.advance(124_000);
    await Promise.all(paced);
    expect(api.sent.filter((r) => r.name.startsWith('paced'))).toHaveLength(3);
  });

  it('learns from a 429 without any header: the burst before it is the budget per minute', async () => {
    const clock = new ManualClock();
    const api = server(clock, (n) => (n === 3 ? { status: 429 } : { status: 200 }));
    const scheduler = new RequestScheduler({ clock, maxInFlight: 1 });
    const results = Array.from({ length: 5 }, (_, i) =>
      scheduler.run(QUEUE, { priority: 'background' }, api.task(`r${i}`)),
    );
    await clock.advance(1_000);
    expect(scheduler.view()[0]?.budget).toMatchObject({ limit: 3, windowMs: 60_000, source: 'learned' });
    expect(api.sent).toHaveLength(4);
    await clock.advance(61_000);
    expect((await Promise.all(results)).every((r) => r.ok)).toBe(true);
  });

  it('a 429 right after a wait lengthens the learned window instead of cutting the limit', async () => {
    const clock = new ManualClock();
    const refuse = { status: 429, headers: { 'Retry-After': '5' } };
    const api = server(clock, (n) => (n === 3 || n === 4 ? refuse : { status: 200 }));
    const scheduler = new RequestScheduler({ clock, maxInFlight: 1 });
    const results = Array.from({ length: 6 }, (_, i) =>
      scheduler.run(QUEUE, { priority: 'background' }, api.task(`r${i}`)),
    );
    await clock.advance(1_000);
    expect(scheduler.view()[0]?.budget).toMatchObject({ limit: 3, windowMs: 5_000, source: 'learned' });
    await clock.advance(5_000);
    const longer = scheduler.view()[0]?.budget;
    expect(longer).toMatchObject({ limit: 3, source: 'learned' });
    expect(longer?.windowMs).toBeGreaterThanOrEqual(10_000);
    await clock.advance(30_000);
    expect((await Promise.all(results)).every((r) => r.ok)).toBe(true);
  });

  it('counts the requests admitted alongside a refused one (answers overtake each other), and a 429 right after a wait does not cut it', async () => {
    const clock = new ManualClock();
    const refusals = new Map([['r3', 2]]);
    const scheduler = new RequestScheduler({ clock, maxInFlight: 6 });
    // Answered a tick after sending, as over HTTP: the requests sent with it are in flight when it is refused.
    const task =
      (name: string) =>
      async (report: Report): Promise<Result<string>> => {
        await Promise.resolve();
        const left = refusals.get(name) ?? 0;
        refusals.set(name, left - 1);
        report(left > 0 ? 429 : 200, new Headers(left > 0 ? { 'Retry-After': '2' } : {}));
        return left > 0 ? fail({ kind: 'rateLimited', retryAfterMs: 2_000, message: '429' }) : ok(name);
      };
    const results = Array.from({ length: 12 }, (_, i) =>
      scheduler.run(QUEUE, { priority: 'visible' }, task(`r${i}`)),
    );
    await clock.advance(1_000);
    // r0–r2 were sent before r3, r4 and r5 with it: the server let all five through.
    expect(scheduler.view()[0]?.budget).toMatchObject({ limit: 5, source: 'learned' });
    await clock.advance(2_000);
    // r3 went first after the wait and was refused again: the window is longer, the limit stays 5.
    const after = scheduler.view()[0]?.budget;
    expect(after).toMatchObject({ limit: 5, source: 'learned' });
    expect(after?.windowMs).toBeGreaterThan(2_000);
    await clock.advance(30_000);
    expect((await Promise.all(results)).every((r) => r.ok)).toBe(true);
  });

  it('sends user requests first, then visible ones by order, then background work', async () => {
    const clock = new ManualClock();
    const api = server(clock, () => ({ status: 200 }));
    const scheduler = new RequestScheduler({ clock });
    scheduler.setOverride(1);
    const all = [
      scheduler.run(QUEUE, { priority: 'background' }, api.task('first, to use the budget')),
      scheduler.run(QUEUE, { priority: 'background' }, api.task('probe')),
      scheduler.run(QUEUE, { priority: 'visible', order: 5 }, api.task('hidden slot')),
      scheduler.run(QUEUE, { priority: 'visible', order: 1 }, api.task('visible slot')),
      scheduler.run(QUEUE, { priority: 'user' }, api.task('save')),
    ];
    await clock.advance(5 * 61_000);
    await Promise.all(all);
    expect(api.sent.map((s) => s.name)).toEqual([
      'first, to use the budget',
      'save',
      'visible slot',
      'hidden slot',
      'probe',
    ]);
  });

  it('replaces a queued read with a newer one of the same key; both callers get its answer', async () => {
    const clock = new ManualClock();
    const api = server(clock, () => ({ status: 200 }));
    const scheduler = new RequestScheduler({ clock });
    scheduler.setOverride(1);
    const first = scheduler.run(QUEUE, { priority: 'background' }, api.task('other'));
    const older = scheduler.run(QUEUE, { priority: 'background', dedupeKey: 'slot-3' }, api.task('old read'));
    const newer = scheduler.run(QUEUE, { priority: 'visible', dedupeKey: 'slot-3' }, api.task('new read'));
    await clock.advance(0);
    expect(scheduler.view()[0]?.queued).toEqual({ user: 0, visible: 2, background: 0 });
    await clock.advance(62_000);
    expect(await first).toEqual(ok('other'));
    expect(await older).toEqual(ok('new read'));
    expect(await newer).toEqual(ok('new read'));
    expect(api.sent.map((s) => s.name)).toEqual(['other', 'new read']);
  });

  it('cancels queued requests by tag or all, resolving them as aborted', async () => {
    const clock = new ManualClock();
    const api = server(clock, () => ({ status: 200 }));
    const scheduler = new RequestScheduler({ clock });
    scheduler.setOverride(1);
    const sent = scheduler.run(QUEUE, { priority: 'user' }, api.task('sent'));
    const job = [1, 2, 3].map((i) =>
      scheduler.run(QUEUE, { priority: 'background', tag: 'job-1' }, api.task(`job ${i}`)),
    );
    const read = scheduler.run(QUEUE, { priority: 'visible' }, api.task('read'));
    await clock.advance(0);
    expect(scheduler.cancel({ tag: 'job-1' })).toBe(3);
    for (const result of await Promise.all(job)) expect(result).toEqual(fail({ kind: 'aborted' }));
    const controller = new AbortController();
    const aborted = scheduler.run(QUEUE, { priority: 'visible', signal: controller.signal }, api.task('x'));
    await clock.advance(0);
    controller.abort();
    expect(await aborted).toEqual(fail({ kind: 'aborted' }));
    expect(scheduler.cancel()).toBe(1);
    expect(await read).toEqual(fail({ kind: 'aborted' }));
    expect(await sent).toEqual(ok('sent'));
    await clock.advance(120_000);
    expect(api.sent.map((s) => s.name)).toEqual(['sent']);
  });

  it('sends a write again after a 429 and it succeeds', async () => {
    const clock = new ManualClock();
    const api = server(clock, (n) =>
      n === 0 ? { status: 429, headers: { 'Retry-After': '7' } } : { status: 200 },
    );
    const scheduler = new RequestScheduler({ clock });
    const write = scheduler.run(QUEUE, { priority: 'user' }, api.task('write slot 3'));
    await clock.advance(0);
    expect(scheduler.view()[0]).toMatchObject({ reason: 'rateLimit', waitingUntil: clock.now() + 7_000 });
    await clock.advance(7_000);
    expect(await write).toEqual(ok('write slot 3'));
    expect(api.sent.map((s) => [s.name, s.status])).toEqual([
      ['write slot 3', 429],
      ['write slot 3', 200],
    ]);
  });

  it('keeps the learned budget, the send times and the wait across a worker restart', async () => {
    const clock = new ManualClock();
    const store = memoryStore();
    const api = server(clock, (n) =>
      n === 2 ? { status: 429, headers: { 'Retry-After': '30' } } : { status: 200 },
    );
    const before = new RequestScheduler({ clock, store, maxInFlight: 1 });
    void before.run(QUEUE, { priority: 'user' }, api.task('a'));
    void before.run(QUEUE, { priority: 'user' }, api.task('b'));
    void before.run(QUEUE, { priority: 'user' }, api.task('c'));
    await clock.advance(1_000);
    await before.flush();
    expect(JSON.stringify(store.state)).not.toContain('token');
    // The worker stops; a new one starts with what was saved.
    const after = new RequestScheduler({ clock, store });
    await after.ready;
    expect(after.view()[0]?.budget).toMatchObject({ limit: 2, source: 'learned' });
    const next = after.run(QUEUE, { priority: 'user' }, api.task('d'));
    await clock.advance(0);
    expect(after.view()[0]?.reason).toBe('rateLimit');
    await clock.advance(31_000);
    expect(await next).toEqual(ok('d'));
    const d = api.sent.find((s) => s.name === 'd');
    expect(d?.at).toBeGreaterThanOrEqual((api.sent[2]?.at ?? 0) + 30_000);
  });

  it('names a queue by origin and a hash of the token, never the token', async () => {
    const id = await queueIdOf('http://127.0.0.1:8787/api', 'demo-premium-token');
    expect(id.origin).toBe('http://127.0.0.1:8787');
    expect(id.key).not.toContain('demo-premium-token');
    expect(id.key).toBe((await queueIdOf('http://127.0.0.1:8787', 'demo-premium-token')).key);
    expect(id.key).not.toBe((await queueIdOf('http://127.0.0.1:8787', 'demo-basic-token')).key);
  });
});
