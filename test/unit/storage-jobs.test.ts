/**
 * The kept jobs' storage bound, with realistic sizes against the real storage modules and the
 * worker's handlers over HTTP (the sandbox): wxt's fake storage.local is given the browser's quota
 * (10 MB, counted per key as key + JSON, as Chrome counts it) and already holds a backup of 50
 * buildings, cached answers and history at their budgets. Restores of 180 full slots (64 + 2400
 * characters) follow one another: each must end recorded in full, the oldest undo data going first
 * (its job kept and marked), and the newest Undo must have the room it needs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { PageOption, Target } from '../../lib/api/schemas';
import { createHandlers } from '../../lib/handlers';
import { newJob } from '../../lib/jobs/job';
import { undoGoes } from '../../lib/jobs/multi-plan';
import { writeTargetValues } from '../../lib/storage/backup-jobs';
import { cacheFamily } from '../../lib/storage/cache';
import { historyFamily } from '../../lib/storage/history';
import { profilesItem } from '../../lib/storage/profiles';
import { type Job, jobFamily, jobRoom, saveJob, undoableImports } from '../../lib/storage/jobs';
import { JOB_MAX_BYTES, PROFILE_BUDGETS, STORAGE_QUOTA_BYTES, storedSize } from '../../lib/storage/quota';
import { useSandbox } from '../sandbox/fixture';
import { LANDLORD } from '../sandbox/landlord';
import { signIn, storedJob } from './worker-helpers';

const sandbox = useSandbox();
const handlers = createHandlers({ hasOriginPermission: async () => true, timeoutMs: 5_000 });
const targets: Target[] = LANDLORD.buildings.slice(0, 9).map((id) => ({ kind: 'building', id }));
const ROUNDS = 3;

/** storage.local refusing, as Chrome does, a write that takes it past `limit` bytes. */
async function chromeQuota(limit: number) {
  const area = fakeBrowser.storage.local;
  const original = { set: area.set, remove: area.remove };
  const write = original.set.bind(area) as (items: Record<string, unknown>) => Promise<void>;
  const erase = original.remove.bind(area) as (keys: string | string[]) => Promise<void>;
  const sizes = new Map<string, number>();
  let used = 0;
  let peak = 0;
  const record = (key: string, bytes: number) => {
    used += bytes - (sizes.get(key) ?? 0);
    if (bytes === 0) sizes.delete(key);
    else sizes.set(key, bytes);
    peak = Math.max(peak, used);
  };
  for (const [key, value] of Object.entries(await area.get(null)))
    record(key, key.length + JSON.stringify(value).length);
  area.set = (async (items: Record<string, unknown>) => {
    const next = Object.entries(items).map(
      ([key, value]) => [key, key.length + JSON.stringify(value).length] as const,
    );
    const after = used + next.reduce((sum, [key, bytes]) => sum + bytes - (sizes.get(key) ?? 0), 0);
    if (after > limit) throw new Error('Resource::kQuotaBytes quota exceeded');
    await write(items);
    for (const [key, bytes] of next) record(key, bytes);
  }) as typeof area.set;
  area.remove = (async (keys: string | string[]) => {
    await erase(keys);
    for (const key of [keys].flat()) record(key, 0);
  }) as typeof area.remove;
  return {
    peak: () => peak,
    restore: () => Object.assign(area, original),
  };
}

let quota: Awaited<ReturnType<typeof chromeQuota>> | undefined;
beforeEach(() => {
  fakeBrowser.reset();
});
afterEach(() => {
  quota?.restore();
  quota = undefined;
});

const full = (text: string, length: number) => text.padEnd(length, '·');
const slot = (round: number, target: Target, n: number): PageOption => ({
  title: full(`Runde ${round} ${target.id}/${n} `, 64),
  data: full(`{"runde":${round},"ziel":"${target.id}","slot":${n},"text":"`, 2_398) + '"}',
  lastUpdated: null,
});

/** What the extension held before: a backup of 50 buildings, cached answers and history at their budgets. */
async function fillAsBefore(profileId: string): Promise<void> {
  for (let b = 0; b < 50; b++) {
    const values = Object.fromEntries(
      Array.from({ length: 20 }, (_, n) => [
        String(n + 1),
        slot(0, { kind: 'building', id: `b-${b}` }, n + 1),
      ]),
    );
    await writeTargetValues(profileId, 'backup-1', { kind: 'building', id: `b-${b}` }, values);
  }
  const value = slot(0, targets[0] as Target, 1);
  for (let n = 0; n < PROFILE_BUDGETS.cache / 2_600; n++)
    await cacheFamily.set({ savedAt: n, value }, profileId, 'option', 'building', `b-9${n}`, '1');
  for (let n = 0; n < PROFILE_BUDGETS.history / 2_600; n++)
    await historyFamily.set([{ time: n, ...value }], profileId, 'building', `b-8${n}`, '1');
}

async function settled(id: string, tries = 6_000): Promise<Job> {
  let job: Job | null = null;
  for (let i = 0; i < tries; i++) {
    job = await storedJob(id);
    if (job && job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const done = job?.items.filter((i) => i.status === 'done').length;
  throw new Error(`job ${id} still running: ${done} of ${job?.items.length} slots recorded done`);
}

async function restore(round: number): Promise<Job> {
  const slots = targets.flatMap((target) =>
    Array.from({ length: 20 }, (_, n) => ({ target, slot: n + 1, ...slot(round, target, n + 1) })),
  );
  const started = await handlers.startTargets({
    slots: slots.map(({ lastUpdated: _, ...rest }) => rest),
  });
  if (!started.ok) throw new Error(JSON.stringify(started.error));
  return settled(started.value.id);
}

/** The restore file of `round`: every slot of the 9 targets. */
const restoreDocument = (round: number) => ({
  targets: targets.map((target) => ({
    target,
    slots: Array.from({ length: 20 }, (_, n) => {
      const { title, data } = slot(round, target, n + 1);
      return { slot: n + 1, title, data };
    }),
  })),
});

async function started(slots: Parameters<typeof handlers.startTargets>[0]['slots']): Promise<string> {
  const answer = await handlers.startTargets({ slots });
  if (!answer.ok) throw new Error(JSON.stringify(answer.error));
  return answer.value.id;
}

const writesLogged = () => sandbox.log.filter((r) => r.method === 'POST' && r.status === 200).length;

/** What the kept jobs take, as their bound counts them: records, and the history they keep for Undo. */
async function jobsBytes(profileId: string): Promise<number> {
  const undoable = await undoableImports(profileId);
  const records = await jobFamily.entries(profileId);
  const history = await historyFamily.entries(profileId);
  const kept = history
    .flatMap((e) => e.value)
    .filter((entry) => entry.jobId && undoable.has(entry.jobId))
    .reduce((sum, entry) => sum + JSON.stringify(entry).length + 1, 0);
  return records.reduce((sum, e) => sum + storedSize(e.key, e.value), 0) + kept;
}

describe('the kept jobs’ storage bound', () => {
  it('restores of 180 full slots one after another: each recorded in full, the oldest Undo goes first, the newest has room', async () => {
    const profileId = await signIn(handlers, sandbox, { token: LANDLORD.token, secret: LANDLORD.secret });
    await fillAsBefore(profileId);
    quota = await chromeQuota(STORAGE_QUOTA_BYTES);

    const jobs: Job[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      sandbox.clearLog();
      const job = await restore(round);
      // Never stopped half-recorded: every write the server took is recorded as done.
      expect({ round, state: job.state, error: job.error }).toEqual({
        round,
        state: 'finished',
        error: undefined,
      });
      expect(job.items.filter((i) => i.status !== 'done')).toEqual([]);
      expect(writesLogged()).toBe(180);
      jobs.push(job);
    }
    expect(await jobsBytes(profileId)).toBeLessThanOrEqual(JOB_MAX_BYTES);
    expect(quota.peak()).toBeLessThanOrEqual(STORAGE_QUOTA_BYTES);

    // Every job is kept; the older ones without their undo data, marked so.
    const kept = new Map((await jobFamily.entries(profileId)).map((e) => [e.value.id, e.value]));
    expect(jobs.map((job) => kept.get(job.id)?.undoGone ?? false)).toEqual([
      ...Array(ROUNDS - 1).fill(true),
      false,
    ]);
    expect(kept.get(jobs[0]?.id ?? '')?.items.map((i) => i.status)).toEqual(Array(180).fill('done'));

    // The oldest Undo is refused, saying why; the newest puts every slot back.
    const refused = await handlers.undoImport({ id: jobs[0]?.id ?? '' });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalidInput' } });
    expect(JSON.stringify(refused)).toMatch(/Undo is no longer possible/);
    sandbox.clearLog();
    const undo = await handlers.undoImport({ id: jobs.at(-1)?.id ?? '' });
    if (!undo.ok) throw new Error(JSON.stringify(undo.error));
    const undone = await settled(undo.value.id);
    expect(undone.state).toBe('finished');
    expect(undone.items.filter((i) => i.status !== 'done')).toEqual([]);
    expect(writesLogged()).toBe(180);
    const back = await handlers.readOption({ target: targets[8] as Target, option: 20 });
    expect(back).toMatchObject({
      ok: true,
      value: { title: slot(ROUNDS - 1, targets[8] as Target, 20).title },
    });
    expect(quota.peak()).toBeLessThanOrEqual(STORAGE_QUOTA_BYTES);
  }, 240_000);

  it('with a second account (added, never configured) a restore of 180 full slots keeps its own Undo', async () => {
    const profileId = await signIn(handlers, sandbox, { token: LANDLORD.token, secret: LANDLORD.secret });
    expect((await handlers.addProfile({})).ok).toBe(true);
    // The second restore replaces full values: with the backups it keeps it takes over half the jobs' room.
    await restore(1);
    const preview = await handlers.previewTargets({ document: restoreDocument(2), read: false });
    if (!preview.ok || preview.value.status !== 'ready') throw new Error(JSON.stringify(preview));
    expect(preview.value.storage.bytes).toBeLessThanOrEqual(preview.value.storage.max);
    const job = await restore(2);
    expect(job.items.filter((i) => i.status !== 'done')).toEqual([]);
    expect((await jobFamily.get(profileId, job.id))?.undoGone).toBeUndefined();
    const undo = await handlers.undoImport({ id: job.id });
    expect(undo.ok).toBe(true);
  }, 240_000);

  it('the jobs’ room is one pool: an account holding nothing leaves it to the others, and what must go is said before Confirm', async () => {
    const first = await signIn(handlers, sandbox, { token: LANDLORD.token, secret: LANDLORD.secret });
    await handlers.addProfile({});
    const jobOf = (profileId: string, createdAt: number, n: number): Job => {
      const job = newJob(
        profileId,
        'import',
        targets[0] as Target,
        Array.from({ length: n }, (_, i) => ({
          target: targets[i % 9] as Target,
          ...slot(0, targets[0] as Target, (i % 20) + 1),
          slot: (i % 20) + 1,
        })),
      );
      const previous = slot(9, targets[0] as Target, 1);
      const items = job.items.map((item) => ({ ...item, status: 'done' as const, attempts: 1, previous }));
      return { ...job, createdAt, state: 'finished', items };
    };
    // The other account's older job and this one's: together within the pool, both keep their Undo.
    const other = (await profilesItem.get()).list.find((p) => p.id !== first)?.id ?? '';
    await saveJob(jobOf(other, 1, 150));
    await saveJob(jobOf(first, 2, 150));
    const kept = [...(await jobFamily.entries(other)), ...(await jobFamily.entries(first))];
    expect(kept.map((e) => e.value.undoGone)).toEqual([undefined, undefined]);
    // A restore that needs most of the pool: the preview names the older jobs whose Undo goes.
    const preview = await handlers.previewTargets({ document: restoreDocument(3), read: false });
    if (!preview.ok || preview.value.status !== 'ready') throw new Error(JSON.stringify(preview));
    expect(preview.value.storage.bytes).toBeLessThanOrEqual(preview.value.storage.max);
    expect(undoGoes(preview.value.storage)).toBe(2);
  });

  it('a job whose save meets a full storage makes room and ends recorded in full, never half-way', async () => {
    const profileId = await signIn(handlers, sandbox, { token: LANDLORD.token, secret: LANDLORD.secret });
    // A finished restore of 180 full slots, stored in full (as an older version kept it).
    const old = newJob(
      profileId,
      'import',
      targets[0] as Target,
      targets.flatMap((target) =>
        Array.from({ length: 20 }, (_, n) => ({ target, slot: n + 1, ...slot(0, target, n + 1) })),
      ),
    );
    const previous = slot(9, targets[0] as Target, 1);
    const items = old.items.map((item) => ({ ...item, status: 'done' as const, attempts: 1, previous }));
    await jobFamily.set({ ...old, createdAt: 1, state: 'finished', items }, profileId, old.id);
    // Storage left with room for less than the next job's record.
    const twenty = (round: number) =>
      Array.from({ length: 20 }, (_, n) => {
        const { title, data } = slot(round, targets[1] as Target, n + 1);
        return { target: targets[1] as Target, slot: n + 1, title, data };
      });
    // The slots about to be restored hold full values too (what the job backs up is as large).
    await settled(await started(twenty(0)));
    const usage = JSON.stringify(await fakeBrowser.storage.local.get(null)).length;
    quota = await chromeQuota(usage + 60_000);

    sandbox.clearLog();
    const job = await settled(await started(twenty(1)), 400);
    expect({ state: job.state, error: job.error }).toEqual({ state: 'finished', error: undefined });
    expect(job.items.map((i) => i.status)).toEqual(Array(20).fill('done'));
    expect(writesLogged()).toBe(20);
    // The room came from the older job's undo data; its results stay.
    const kept = await jobFamily.get(profileId, old.id);
    expect(kept?.undoGone).toBe(true);
    expect(kept?.items.map((i) => i.status)).toEqual(Array(180).fill('done'));
  });

  it('an Undo that running jobs leave no room for is refused before it starts', async () => {
    const profileId = 'p-1';
    const big = (n: number) => ({ slot: (n % 20) + 1, title: full('t', 64), data: full('d', 2_400) });
    const targetOf = (n: number): Target => ({ kind: 'building', id: `b-${Math.floor(n / 20)}` });
    const running = newJob(
      profileId,
      'import',
      targetOf(0),
      Array.from({ length: 200 }, (_, n) => ({ target: targetOf(n), ...big(n) })),
    );
    await saveJob(running);
    const undo = newJob(
      profileId,
      'undo',
      targetOf(0),
      Array.from({ length: 200 }, (_, n) => ({ target: targetOf(n + 1000), ...big(n) })),
    );
    const room = await jobRoom(undo);
    expect(room.bytes).toBeGreaterThan(room.max);
    // Once that job has finished, its undo data can make room: the same Undo fits.
    await saveJob({ ...running, state: 'finished' });
    const later = await jobRoom(undo);
    expect(later.bytes).toBeLessThanOrEqual(later.max);
  });
});
