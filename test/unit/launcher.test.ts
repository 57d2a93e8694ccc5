/**
 * The job engine (lib/jobs/launcher.ts) with a kind declared here only, a throwaway "tally" that
 * counts to its total: adding a kind of background job is its declaration, nothing more. Started,
 * cancelled, failed, resumed at start-up (and abandoned without credentials), stopped at sign-out,
 * counted as running, each as the engine does it for imports and backups.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type WorkerDeps, connect } from '../../lib/connection';
import { createHandlers } from '../../lib/handlers';
import {
  type JobKind,
  cancelJob,
  isActive,
  launch,
  resumeKinds,
  runningJobCount,
  startJob,
  stopKinds,
} from '../../lib/jobs/launcher';
import { stopAsked, takeStop } from '../../lib/jobs/run';
import { writeCredentials } from '../../lib/storage/credentials';
import { storedFamily } from '../../lib/storage/family';
import { originOf, originPattern } from '../../lib/storage/settings';
import { z } from '../../lib/zod';
import { useSandbox } from '../sandbox/fixture';
import { signIn } from './worker-helpers';

// The throwaway kind's declaration: its stored family, its run, how it ends.
const Tally = z.object({
  id: z.string(),
  profileId: z.string(),
  state: z.enum(['running', 'finished', 'cancelled', 'failed', 'abandoned']),
  count: z.int(),
  total: z.int(),
  error: z.optional(z.string()),
});
type Tally = z.infer<typeof Tally>;
const tallyFamily = storedFamily('local', 'tally', Tally, { version: 1 });
/** Each step of a run waits for the test to let it go on. */
let step: () => Promise<void>;
let dropped: string[];
const tallies: JobKind<Tally> = {
  name: 'tally',
  family: tallyFamily,
  save: (job) => tallyFamily.set(job, job.profileId, job.id),
  writes: false,
  cancelEndsRequests: true,
  async run(_deps, job) {
    let current = job;
    while (current.count < current.total) {
      await step();
      const stop = stopAsked(job.id);
      if (stop) {
        takeStop(job.id);
        if (stop === 'cancel') await tallies.save(tallies.ended(current, 'cancelled'));
        return;
      }
      if (current.count < 0) throw new Error('cannot count below zero');
      current = { ...current, count: current.count + 1 };
      await tallies.save(current);
    }
    await tallies.save({ ...current, state: 'finished' });
  },
  ended: (job, state, reason) => ({ ...job, state, ...(reason ? { error: reason } : {}) }),
  abandon: (job, reason) => tallies.save({ ...job, state: 'abandoned', error: reason }),
  drop: async (profileId) => void dropped.push(profileId),
  progress: (job) => ({ settled: job.count, total: job.total }),
};

const sandbox = useSandbox();
const deps: WorkerDeps = {
  hasOriginPermission: async (pattern) => pattern === originPattern(sandbox.url),
  timeoutMs: 2_000,
};
const handlers = createHandlers(deps);

/** The steps of runs held back, let go one at a time. */
let waiting: (() => void)[];
/** Looks every 5 ms, at most 2 s, until `done`. */
const until = async (done: () => boolean) => {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
};
/** Lets the first held-back step go on, then waits until a run holds at its next step or none runs. */
const next = async () => {
  await until(() => waiting.length > 0);
  waiting.shift()?.();
  await until(() => waiting.length > 0 || runningJobCount() === 0);
};

const tally = (profileId: string, total: number, count = 0): Tally => ({
  id: `tally-${Math.random().toString(36).slice(2)}`,
  profileId,
  state: 'running',
  count,
  total,
});
const stored = (job: Tally) => tallyFamily.get(job.profileId, job.id);

async function connection(profileId: string) {
  const connected = await connect(deps, profileId);
  if (!connected.ok) throw new Error(connected.error.kind);
  return connected.value;
}

beforeEach(() => {
  fakeBrowser.reset();
  waiting = [];
  dropped = [];
  step = () => new Promise<void>((resolve) => waiting.push(resolve));
});

describe('a kind declared outside the engine', () => {
  it('is stored, run to its end and counted as running meanwhile', async () => {
    const profileId = await signIn(handlers, sandbox);
    const job = tally(profileId, 2);
    await startJob(deps, tallies, job, await connection(profileId));
    expect(await stored(job)).toMatchObject({ state: 'running', count: 0 });
    expect(isActive(job.id)).toBe(true);
    expect(runningJobCount()).toBe(1);
    await next();
    await next();
    expect(await stored(job)).toMatchObject({ state: 'finished', count: 2 });
    expect(runningJobCount()).toBe(0);
  });

  it('runs once though launched twice (start-up resume vs. start)', async () => {
    const profileId = await signIn(handlers, sandbox);
    const job = tally(profileId, 1);
    await tallies.save(job);
    const ready = await connection(profileId);
    const runs = Promise.all([launch(deps, tallies, job, ready), launch(deps, tallies, job, ready)]);
    await next();
    await runs;
    expect(waiting).toHaveLength(0);
    expect(await stored(job)).toMatchObject({ state: 'finished', count: 1 });
  });

  it('stops at Cancel before its next step; one not running here ends cancelled at once', async () => {
    const profileId = await signIn(handlers, sandbox);
    const job = tally(profileId, 5);
    await startJob(deps, tallies, job, await connection(profileId));
    await next();
    await cancelJob(deps, tallies, (await stored(job)) as Tally);
    await next();
    expect(await stored(job)).toMatchObject({ state: 'cancelled', count: 1 });
    const idle = tally(profileId, 5);
    await tallies.save(idle);
    await cancelJob(deps, tallies, idle);
    expect(await stored(idle)).toMatchObject({ state: 'cancelled', count: 0 });
  });

  it('ends failed with the reason when its run throws', async () => {
    const profileId = await signIn(handlers, sandbox);
    const job = tally(profileId, 1, -1);
    await tallies.save(job);
    const run = launch(deps, tallies, job, await connection(profileId));
    await next();
    await run;
    expect(await stored(job)).toMatchObject({ state: 'failed', error: 'cannot count below zero' });
  });

  it('is resumed at start-up, or abandoned with the reason when its profile has no credentials', async () => {
    const profileId = await signIn(handlers, sandbox);
    const job = tally(profileId, 2, 1);
    await tallies.save(job);
    const resumed = resumeKinds(deps, [tallies]);
    await next();
    await resumed;
    expect(await stored(job)).toMatchObject({ state: 'finished', count: 2 });
    await writeCredentials(profileId, 'session', { token: '', secret: '', origin: originOf(sandbox.url) });
    const left = tally(profileId, 2);
    await tallies.save(left);
    await resumeKinds(deps, [tallies]);
    expect(await stored(left)).toMatchObject({ state: 'abandoned', error: 'notConfigured: token' });
  });

  it('stores nothing more once its profile signs out, and its own data goes', async () => {
    const profileId = await signIn(handlers, sandbox);
    const job = tally(profileId, 3);
    await startJob(deps, tallies, job, await connection(profileId));
    await next();
    await stopKinds(deps, [tallies], profileId);
    await next();
    expect(await stored(job)).toMatchObject({ state: 'running', count: 1 });
    expect(isActive(job.id)).toBe(false);
    expect(dropped).toEqual([profileId]);
  });
});
