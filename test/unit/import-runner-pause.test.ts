/**
 * A write job meeting a 429 whose Retry-After passes the scheduler's cap, against the sandbox over
 * HTTP through the worker's handlers and a real request scheduler: the job pauses (nothing more is
 * sent, no slot failed), is stored with the server's wait, and its Resume writes only what is open.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { RequestScheduler } from '../../lib/api/scheduler';
import { type Clock } from '../../lib/api/clock';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import { MAX_WAIT_MS } from '../../lib/api/waits';
import { runningJobCount } from '../../lib/jobs/launcher';
import { IMPORT_CONCURRENCY, type Run, pausedBy } from '../../lib/jobs/run';
import { readHistory } from '../../lib/storage/history';
import { type Job, readJobs } from '../../lib/storage/jobs';
import { originPattern } from '../../lib/storage/settings';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { signIn, storedJob } from './worker-helpers';

const sandbox = useSandbox();
const target: Target = { kind: 'building', id: DEMO.buildings.juergen[0] };
const TWELVE_MINUTES = 12 * 60_000;

/** The scheduler's clock, moved past the server's wait when a test says the time has come. */
let skew = 0;
const clock: Clock = {
  now: () => Date.now() + skew,
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
let onProgress: (job: Job) => void;
let handlers: ReturnType<typeof createHandlers>;

beforeEach(() => {
  fakeBrowser.reset();
  skew = 0;
  onProgress = () => undefined;
  const deps: WorkerDeps = {
    scheduler: new RequestScheduler({ clock }),
    hasOriginPermission: async (pattern) => pattern === originPattern(sandbox.url),
    timeoutMs: 2_000,
    onJobProgress: (job) => onProgress(job),
  };
  handlers = createHandlers(deps);
});

// A job a test leaves running (a Resume not waited out) would send into the next test's log.
afterEach(async () => {
  await expect.poll(() => runningJobCount(), { timeout: 10_000 }).toBe(0);
});

/** Every POST to the slots endpoint from now on answers 429 asking for 12 minutes. */
const refuseWrites = () =>
  sandbox.addFault({
    path: '/building/options',
    method: 'POST',
    kind: 'status',
    status: 429,
    headers: { 'Retry-After': String(TWELVE_MINUTES / 1000) },
  });

const writtenSlots = () =>
  sandbox.log
    .filter((r) => r.method === 'POST' && r.status === 200)
    .map((r) => (JSON.parse(r.body) as { option: number }).option);

async function settled(id: string, state: Job['state']): Promise<Job> {
  let seen: Job | null | undefined;
  for (let i = 0; i < 500; i++) {
    seen = await storedJob(id);
    if (seen?.state === state) return seen;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const log = sandbox.log.map((r) => `${r.method} ${r.path} ${r.status}`);
  throw new Error(`job ${id} never became ${state}: ${JSON.stringify({ seen, log })}`);
}

async function startTen(): Promise<string> {
  const slots = Array.from({ length: 10 }, (_, i) => ({
    slot: i + 1,
    title: `Paused ${i + 1}`,
    data: `${i}`,
  }));
  const started = await handlers.startImport({ target, slots });
  if (!started.ok) throw new Error(started.error.kind);
  return started.value.id;
}

describe('a write job and a 429 past the cap', () => {
  it('pauses at the first refused write: nothing more is sent, no slot fails, the wait is kept', async () => {
    await signIn(handlers, sandbox);
    sandbox.clearLog();
    refuseWrites();
    const before = Date.now();
    const job = await settled(await startTen(), 'paused');
    // Only the first items began (each one read, at most one write, all refused); none was retried,
    // and no item after them sent anything.
    const reads = sandbox.log.filter((r) => r.method === 'GET').map((r) => r.path.split('/').at(-1));
    const writes = sandbox.log.filter((r) => r.method === 'POST');
    expect(reads.toSorted()).toEqual(['1', '2', '3'].slice(0, IMPORT_CONCURRENCY));
    expect(writes.length).toBeGreaterThanOrEqual(1);
    expect(writes.length).toBeLessThanOrEqual(IMPORT_CONCURRENCY);
    expect(writes.every((r) => r.status === 429)).toBe(true);
    // Every slot is still open: pending, or 'writing' when its write was ended in flight (settled by
    // a re-read when resumed); none failed, none was counted as a refused attempt.
    expect(job.items.filter((i) => i.status !== 'pending' && i.status !== 'writing')).toEqual([]);
    expect(job.items.slice(IMPORT_CONCURRENCY).map((i) => i.status)).toEqual(
      Array(10 - IMPORT_CONCURRENCY).fill('pending'),
    );
    expect(job.items.filter((i) => i.error !== undefined || i.attempts > 1)).toEqual([]);
    expect(job.pause?.waitMs).toBe(TWELVE_MINUTES);
    expect(job.pause?.resumeAt).toBeGreaterThanOrEqual(before + TWELVE_MINUTES);
    // What a refused write would have replaced stays backed up, as before any write.
    expect(job.items[0]?.previous).toBeDefined();
    expect(await handlers.undoImport({ id: job.id })).toMatchObject({ ok: false });
  });

  it('resumes from where it stopped: only open slots are written, each once, and the done ones never again', async () => {
    const profileId = await signIn(handlers, sandbox);
    sandbox.clearLog();
    let refused = false;
    onProgress = (job) => {
      if (!refused && job.items.filter((i) => i.status === 'done').length >= 2) {
        refused = true;
        refuseWrites();
      }
    };
    const id = await startTen();
    const paused = await settled(id, 'paused');
    const done = paused.items.filter((i) => i.status === 'done').map((i) => i.slot);
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(done.length).toBeLessThan(10);
    expect(paused.items.filter((i) => i.status === 'failed')).toEqual([]);
    // Written before the pause: the done slots, and perhaps one whose answer the pause cut off.
    const before = writtenSlots();
    const writing = paused.items.filter((i) => i.status === 'writing').map((i) => i.slot);
    expect(before.filter((slot) => !done.includes(slot) && !writing.includes(slot))).toEqual([]);
    expect(done.every((slot) => before.includes(slot))).toBe(true);

    sandbox.clearFaults();
    sandbox.clearLog();
    skew = TWELVE_MINUTES + 60_000;
    expect(await handlers.resumeImport({ id })).toEqual({ ok: true, value: { id } });
    const finished = await settled(id, 'finished');
    expect(finished.items.map((i) => i.status)).toEqual(Array(10).fill('done'));
    expect(finished.pause).toBeUndefined();
    // Across both runs every slot was written exactly once; no done slot again.
    const after = writtenSlots();
    expect(after.filter((slot) => done.includes(slot))).toEqual([]);
    expect([...before, ...after].toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // Every replaced value is kept once for Undo, and the whole import can be undone.
    for (const slot of [1, 10]) expect(await readHistory(profileId, target, slot)).toHaveLength(1);
    const undo = await handlers.undoImport({ id });
    expect(undo.ok).toBe(true);
  });

  it('while the server’s wait past the cap lasts, a new job pauses at once, and Resume asks the server again (issue 33)', async () => {
    await signIn(handlers, sandbox);
    refuseWrites();
    const id = await startTen();
    const first = await settled(id, 'paused');
    sandbox.clearLog();
    // Two minutes later (the key's capped wait not over, the server's 12 minutes neither).
    skew = 2 * 60_000;
    const other = await settled(await startTen(), 'paused');
    // A new job waits neither the cap nor sends: the rest of the server's wait is what it says.
    expect(sandbox.log).toEqual([]);
    expect(other.pause?.waitMs).toBeLessThanOrEqual(TWELVE_MINUTES - 2 * 60_000);
    expect(other.pause?.waitMs).toBeGreaterThan(TWELVE_MINUTES - 3 * 60_000);
    // Resume asks the server again at once (one round of the job's requests): still refused, the
    // job pauses again with its items as they were.
    expect(await handlers.resumeImport({ id })).toEqual({ ok: true, value: { id } });
    const again = await settled(id, 'paused');
    const writes = sandbox.log.filter((r) => r.method === 'POST');
    expect(writes.length).toBeGreaterThanOrEqual(1);
    expect(writes.length).toBeLessThanOrEqual(IMPORT_CONCURRENCY);
    expect(writes.every((r) => r.status === 429)).toBe(true);
    expect(again.items.filter((i) => i.status !== 'pending' && i.status !== 'writing')).toEqual([]);
    expect(first.items.filter((i) => i.status !== 'pending' && i.status !== 'writing')).toEqual([]);
  });

  it('a later normal answer ends the pause: Resume and a new job then write (issue 33)', async () => {
    await signIn(handlers, sandbox);
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '1000000000000' },
      times: 1,
    });
    const id = await startTen();
    const paused = await settled(id, 'paused');
    // Believed for at most a day, and said so: the pause's end is a date.
    expect(paused.pause?.resumeAt).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
    expect(paused.pause?.waitMs).toBe(1e15);
    // After the key's capped wait (5 min), the server answers normally again (a read of the same key).
    skew = 6 * 60_000;
    expect((await handlers.readOption({ target, option: 12, hint: { priority: 'user' } })).ok).toBe(true);
    const other = await settled(await startTen(), 'finished');
    expect(other.items.every((i) => i.status === 'done' || i.status === 'skipped')).toBe(true);
    expect(await handlers.resumeImport({ id })).toEqual({ ok: true, value: { id } });
    await settled(id, 'finished');
  });

  it('a Retry-After past the last date a JavaScript Date holds (10^14 s) pauses with a date, never a wait past it', async () => {
    await signIn(handlers, sandbox);
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '100000000000000' },
      times: 1,
    });
    const paused = await settled(await startTen(), 'paused');
    expect(new Date(paused.pause?.resumeAt ?? Number.NaN).getTime()).toBeLessThanOrEqual(
      Date.now() + 24 * 3_600_000,
    );
  });

  it('resumes only a paused job; Cancel ends a paused job, and sign-out removes it', async () => {
    const profileId = await signIn(handlers, sandbox);
    refuseWrites();
    const id = await startTen();
    await settled(id, 'paused');
    expect(await handlers.resumeImport({ id: 'nope' })).toMatchObject({ ok: false });
    expect(await handlers.cancelImport({ id })).toEqual({ ok: true, value: { id } });
    const cancelled = await settled(id, 'cancelled');
    expect(cancelled.items.map((i) => i.status)).toEqual(Array(10).fill('cancelled'));
    expect(await handlers.resumeImport({ id })).toMatchObject({ ok: false });

    skew = TWELVE_MINUTES + 60_000;
    const again = await startTen();
    await settled(again, 'paused');
    expect(await handlers.forgetProfile({ id: profileId, deleteDraftsAndHistory: false })).toMatchObject({
      ok: true,
    });
    expect(await readJobs(profileId)).toEqual([]);
  });
});

describe('pausedBy', () => {
  const rateLimited = (retryAfterMs: number | null) =>
    ({ kind: 'rateLimited', retryAfterMs, message: '429' }) as const;
  // Only the two fields pausedBy reads: the run's wait and the abort of its requests.
  const newRun = () => ({ pause: new AbortController() }) as unknown as Run;

  it('keeps the longest wait heard: the server’s own 429 arriving after the scheduler’s capped rest of it', () => {
    const run = newRun();
    const day = 86_400_000;
    expect(pausedBy(run, rateLimited(day))).toBe(true);
    expect(run.pause.signal.aborted).toBe(true);
    expect(pausedBy(run, rateLimited(1e15))).toBe(true);
    expect(run.pausedFor).toBe(1e15);
    expect(pausedBy(run, rateLimited(day))).toBe(true);
    expect(run.pausedFor).toBe(1e15);
  });

  it('pauses on a 429 only; any failure of a paused run leaves it paused', () => {
    const run = newRun();
    expect(pausedBy(run, { kind: 'network', message: 'down' })).toBe(false);
    expect(run.pause.signal.aborted).toBe(false);
    expect(pausedBy(run, rateLimited(null))).toBe(true);
    expect(run.pausedFor).toBe(MAX_WAIT_MS);
    expect(pausedBy(run, { kind: 'network', message: 'down' })).toBe(true);
  });
});
