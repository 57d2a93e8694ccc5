/**
 * "Back up everything" in the worker against the real sandbox over HTTP (storage from wxt's fake
 * browser, a real scheduler): stale slots read and fresh ones taken from the cache, targets that
 * fail alone (404, premium), a job resumed after the worker stopped reading nothing twice, a pause
 * by the server's wait past the cap and its Resume, Cancel,
 * and a signed-out profile's job discarded before its next request.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RequestScheduler } from '../../lib/api/scheduler';
import type { Target } from '../../lib/api/schemas';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import { resumeJobs } from '../../lib/jobs/kinds';
import { parseImportDocument } from '../../lib/import/import-parser';
import {
  type BackupJob,
  backupFamily,
  backupSlotsFamily,
  readBackup,
  saveBackup,
  writeTargetValues,
} from '../../lib/storage/backup-jobs';
import { rememberFactory } from '../../lib/storage/added-factories';
import { newProfile, profilesItem } from '../../lib/storage/profiles';
import { originPattern } from '../../lib/storage/settings';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import type { SandboxData } from '../sandbox/types';
import { signIn as signInAs } from './worker-helpers';

const sandbox = useSandbox();
let deps: WorkerDeps;
let handlers: ReturnType<typeof createHandlers>;
/** When the client sent each request (the sandbox logs when it arrived, later under load). */
let sentAt: number[];

const sendingFetch: typeof fetch = (input, init) => {
  if (!init?.signal?.aborted) sentAt.push(Date.now());
  return fetch(input, init);
};

beforeEach(() => {
  fakeBrowser.reset();
  sentAt = [];
  deps = {
    hasOriginPermission: async (pattern) => pattern === originPattern(sandbox.url),
    scheduler: new RequestScheduler(),
    timeoutMs: 2_000,
    fetch: sendingFetch,
  };
  handlers = createHandlers(deps);
});

async function signIn(who: 'premium' | 'basic', premiumOverride: 'auto' | 'on' = 'on'): Promise<string> {
  const profileId = await signInAs(handlers, sandbox, {
    token: DEMO[who].token,
    secret: DEMO[who].secret,
    premiumOverride,
  });
  sandbox.clearLog();
  return profileId;
}

const slotReads = () => sandbox.log.filter((r) => r.method === 'GET' && r.path.includes('/options/'));
const readsOf = (target: Target) =>
  slotReads()
    .filter((r) => r.path.startsWith(`/${target.kind}/options/${target.id}/`))
    .map((r) => Number(r.path.split('/').at(-1)));

async function settled(profileId: string): Promise<BackupJob> {
  for (let i = 0; i < 1_000; i++) {
    const job = await readBackup(profileId);
    if (job && job.state !== 'running') return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the backup did not settle');
}

/** Every slot of a target as the sandbox holds it. */
function sandboxSlots(target: Target) {
  return sandbox.changeData((data: SandboxData) => {
    const list = target.kind === 'building' ? data.buildings : data.factories;
    return structuredClone(list.find((t) => t.id === target.id)?.slots ?? []);
  });
}

const building = (id: string): Target => ({ kind: 'building', id });
const factory = (id: string): Target => ({ kind: 'factory', id });

describe('back up everything', () => {
  it('reads every slot of every building and factory once, reports a target not owned, and gives one file of the format', async () => {
    const profileId = await signIn('premium');
    // Added by hand, but Käthe's: 404 for Jürgen.
    await rememberFactory(profileId, { id: DEMO.factories.kaethe[0], name: 'Fremd' });
    const started = await handlers.startBackup({});
    expect(started.ok).toBe(true);
    const job = await settled(profileId);
    expect(job.state).toBe('finished');
    const outcomes = Object.fromEntries(job.targets.map((t) => [t.target.id, t.outcome]));
    expect(outcomes).toEqual({
      'b-1001': 'done',
      'b-1002': 'done',
      'b-1003': 'done',
      'f-501': 'done',
      'f-601': 'notOwned',
    });
    expect(job.targets.find((t) => t.target.id === 'f-601')?.message).toMatch(/^notFound/);
    expect(job.settled).toBe(job.total);
    // 4 targets × 20 slots, and the one refused read of the target not owned.
    expect(slotReads()).toHaveLength(81);
    expect(job.requests).toBe(81);
    for (const id of DEMO.buildings.juergen)
      expect(readsOf(building(id)).sort((a, b) => a - b)).toEqual(range(20));

    const file = await handlers.getBackupFile({});
    if (!file.ok) throw new Error(file.error.kind);
    expect(file.value.name).toMatch(/^page-options-backup-[A-Za-z0-9_-]+-\d{4}-\d{2}-\d{2}\.json$/);
    const parsed = parseImportDocument(
      { value: JSON.parse(JSON.stringify(file.value.document)) },
      { premium: true },
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.targets.map((t) => t.target)).toEqual([
      ...DEMO.buildings.juergen.map(building),
      factory('f-501'),
    ]);
    for (const entry of parsed.targets) {
      const held = sandboxSlots(entry.target);
      expect(entry.slots.map(({ title, data }) => ({ title, data }))).toEqual(
        held.map(({ title, data }) => ({ title, data })),
      );
    }
  });

  it('takes fresh cached slots without a request: a backup right after another reads nothing', async () => {
    const profileId = await signIn('premium');
    await handlers.readOption({ target: building('b-1001'), option: 3 });
    await handlers.readOption({ target: building('b-1002'), option: 20 });
    sandbox.clearLog();
    await handlers.startBackup({});
    const first = await settled(profileId);
    // 4 targets × 20, less the two read before.
    expect(first.requests).toBe(78);
    expect(slotReads()).toHaveLength(78);
    expect(readsOf(building('b-1001'))).not.toContain(3);
    sandbox.clearLog();
    await handlers.startBackup({});
    const second = await settled(profileId);
    expect(second.state).toBe('finished');
    expect(second.requests).toBe(0);
    expect(slotReads()).toHaveLength(0);
    const file = await handlers.getBackupFile({});
    expect(file.ok && file.value.document.targets).toHaveLength(4);
  });

  it('a target whose slot 11 is refused as premium is backed up as 10 slots; the others go on', async () => {
    // Käthe has no premium; the override says she has.
    const profileId = await signIn('basic', 'on');
    await handlers.startBackup({});
    const job = await settled(profileId);
    expect(job.state).toBe('finished');
    expect(job.targets.map((t) => [t.target.id, t.outcome, t.slots])).toEqual([
      ['b-2001', 'done', 10],
      ['b-2002', 'done', 10],
      ['f-601', 'done', 10],
    ]);
    expect(job.settled).toBe(job.total);
    expect(job.total).toBe(30);
    // Each target: slots 1–10 and the refused 11.
    expect(slotReads()).toHaveLength(33);
    const file = await handlers.getBackupFile({});
    if (!file.ok) throw new Error(file.error.kind);
    expect(file.value.document.targets.map((t) => t.slots.length)).toEqual([10, 10, 10]);
  });

  it('the live service refuses slot 11 with a 401 about premium: those targets are 10 slots too', async () => {
    sandbox.setProfile('live');
    const profileId = await signIn('basic', 'on');
    await handlers.startBackup({});
    const job = await settled(profileId);
    expect(job.state).toBe('finished');
    expect(job.targets.length).toBeGreaterThan(0);
    expect(job.targets.map((t) => [t.outcome, t.slots, t.limited])).toEqual(
      job.targets.map(() => ['done', 10, true]),
    );
    expect(job.settled).toBe(job.total);
  });

  it('resumes a job the stopped worker left running and reads none of the slots it had read', async () => {
    const profileId = await signIn('premium');
    const target = building('b-1001');
    const read = Object.fromEntries(
      sandboxSlots(target)
        .slice(0, 7)
        .map((s, i) => [String(i + 1), { title: s.title, data: s.data, lastUpdated: s.lastUpdated }]),
    );
    const job: BackupJob = {
      id: 'left-running',
      profileId,
      profileName: 'Jürgen',
      createdAt: Date.now(),
      state: 'running',
      settled: 7,
      total: 40,
      requests: 7,
      toRead: 33,
      perMinute: 10,
      targets: [
        { target, slots: 20, outcome: 'pending' },
        { target: factory('f-501'), slots: 20, outcome: 'pending' },
      ],
    };
    await saveBackup(job);
    await writeTargetValues(profileId, job.id, target, read);
    await resumeJobs(deps);
    const done = await settled(profileId);
    expect(done.state).toBe('finished');
    expect(done.settled).toBe(40);
    expect(readsOf(target).sort((a, b) => a - b)).toEqual(range(20).slice(7));
    expect(readsOf(factory('f-501'))).toHaveLength(20);
    expect(done.requests).toBe(7 + 33);
  });

  it('a 429 past the cap pauses it with what it read kept; Resume reads only the slots it lacks', async () => {
    const profileId = await signIn('premium');
    const TWELVE_MINUTES = 12 * 60_000;
    sandbox.addFault({
      path: '/building/options/b-1002/',
      method: 'GET',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': String(TWELVE_MINUTES / 1000) },
      times: 1,
    });
    const started = await handlers.startBackup({});
    if (!started.ok) throw new Error(started.error.kind);
    const paused = await settled(profileId);
    expect(paused.state).toBe('paused');
    expect(paused.pause?.waitMs).toBe(TWELVE_MINUTES);
    expect(paused.settled).toBe(20);
    expect(paused.targets.map((t) => t.outcome)).toEqual(['done', 'pending', 'pending', 'pending']);
    // The refused read was the last: nothing was sent after it, and no file is offered yet.
    expect(slotReads()).toHaveLength(21);
    expect((await handlers.getBackupFile({})).ok).toBe(false);
    // "Back up everything" again answers the paused backup; it starts no other.
    const again = await handlers.startBackup({});
    expect(again.ok && again.value.id).toBe(started.value.id);

    expect((await handlers.resumeBackup({ id: started.value.id })).ok).toBe(true);
    const done = await settled(profileId);
    expect(done.state).toBe('finished');
    expect(done.pause).toBeUndefined();
    expect(readsOf(building('b-1001'))).toHaveLength(20);
    expect(readsOf(building('b-1002')).sort((a, b) => a - b)).toEqual([1, ...range(20)]);
    expect(slotReads()).toHaveLength(81);
    expect((await handlers.getBackupFile({})).ok).toBe(true);
    expect(await handlers.resumeBackup({ id: started.value.id })).toMatchObject({ ok: false });
  });

  it('Cancel stops the job before its next read', async () => {
    const profileId = await signIn('premium');
    sandbox.setRateLimit({ limit: 5, windowSeconds: 2 });
    const started = await handlers.startBackup({});
    if (!started.ok) throw new Error(started.error.kind);
    await until(async () => ((await readBackup(profileId))?.settled ?? 0) >= 3);
    expect((await handlers.cancelBackup({ id: started.value.id })).ok).toBe(true);
    const job = await settled(profileId);
    expect(job.state).toBe('cancelled');
    const cancelledAt = Date.now();
    // Longer than a window of the limit: a read still queued would have gone by then.
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(sentAt.filter((time) => time > cancelledAt)).toEqual([]);
    expect(slotReads().length).toBeLessThan(80);
    expect((await handlers.getBackupFile({})).ok).toBe(false);
  });

  it('a sign-out discards the running job: no request after it, nothing of it stored', async () => {
    const profileId = await signIn('premium');
    sandbox.setRateLimit({ limit: 5, windowSeconds: 2 });
    await handlers.startBackup({});
    await until(async () => ((await readBackup(profileId))?.settled ?? 0) >= 3);
    expect((await handlers.forgetProfile({ id: profileId, deleteDraftsAndHistory: false })).ok).toBe(true);
    const signedOutAt = Date.now();
    const sentBefore = sentAt.length;
    expect(sentBefore).toBeGreaterThanOrEqual(3);
    // Longer than a window of the limit: a read still queued would have gone by then. A read sent
    // before the sign-out may still arrive after it (it was on its way); none is sent after.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(sentAt.filter((time) => time > signedOutAt)).toEqual([]);
    expect(sentAt).toHaveLength(sentBefore);
    expect(slotReads().length).toBeLessThanOrEqual(sentBefore);
    expect(await backupFamily.entries(profileId)).toEqual([]);
    expect(await backupSlotsFamily.entries(profileId)).toEqual([]);
  });

  it('another account behind the profile (a changed token) removes the backup: its file is not offered under it', async () => {
    const profileId = await signIn('premium');
    await handlers.startBackup({});
    expect((await settled(profileId)).state).toBe('finished');
    expect((await handlers.getBackupFile({})).ok).toBe(true);
    await signInAs(handlers, sandbox, { token: DEMO.basic.token, secret: DEMO.basic.secret });
    expect(await readBackup(profileId)).toBeNull();
    expect(await backupSlotsFamily.entries(profileId)).toEqual([]);
    expect((await handlers.getBackupFile({})).ok).toBe(false);
  });

  it('a job left running by a profile signed out meanwhile is removed at start-up, before any request', async () => {
    const profileId = await signIn('premium');
    await saveBackup({
      id: 'orphan',
      profileId,
      profileName: 'Jürgen',
      createdAt: Date.now(),
      state: 'running',
      settled: 0,
      total: 20,
      requests: 0,
      toRead: 20,
      perMinute: 10,
      targets: [{ target: building('b-1001'), slots: 20, outcome: 'pending' }],
    });
    await fakeBrowser.storage.session.clear();
    const { list } = await profilesItem.get();
    await profilesItem.set({ active: profileId, list });
    await resumeJobs(deps);
    expect(await readBackup(profileId)).toBeNull();
    expect(slotReads()).toHaveLength(0);
  });

  it('an account with nothing to back up is told so; one whose every target is refused has no file', async () => {
    const profileId = await signIn('premium');
    sandbox.changeData((data: SandboxData) => {
      data.buildings = data.buildings.filter((b) => b.owner !== 'juergen');
      data.factories = data.factories.filter((f) => f.owner !== 'juergen');
    });
    const none = await handlers.startBackup({});
    expect(none.ok).toBe(false);
    if (!none.ok) expect(none.error).toMatchObject({ kind: 'invalidInput', field: 'backup' });
    await rememberFactory(profileId, { id: DEMO.factories.kaethe[0], name: 'Fremd' });
    await handlers.startBackup({});
    const job = await settled(profileId);
    expect(job.state).toBe('finished');
    expect(job.targets.map((t) => t.outcome)).toEqual(['notOwned']);
    const file = await handlers.getBackupFile({});
    expect(file.ok).toBe(false);
    if (!file.ok)
      expect(file.error).toMatchObject({ kind: 'invalidInput', message: 'no target could be read' });
  });

  it('is refused before anything is read when it could not fit its storage bound', async () => {
    await signIn('premium');
    // With 80 profiles each one's share of the backups' bound holds 12 slots: 4 × 20 do not fit.
    const state = await profilesItem.get();
    const others = Array.from({ length: 79 }, (_, i) => newProfile(`P${i}`, i + 1));
    await profilesItem.set({ ...state, list: [...state.list, ...others] });
    sandbox.clearLog();
    const started = await handlers.startBackup({});
    expect(started.ok).toBe(false);
    if (!started.ok) expect(started.error).toMatchObject({ kind: 'invalidInput', field: 'backup' });
    if (!started.ok && started.error.kind === 'invalidInput')
      expect(started.error.message).toMatch(
        /4 targets with 80 slots need up to 205 KB; a backup may store \d+ KB/,
      );
    expect(slotReads()).toHaveLength(0);
  });
});

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i + 1);
}

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 1_000; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('condition not met');
}
