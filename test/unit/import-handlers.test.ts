/**
 * The import handlers against the real sandbox over HTTP, storage from wxt's fake browser: preview
 * with current values, the worker's own re-validation, jobs started without waiting, undo, export
 * as an import that changes nothing, and resuming a job a stopped worker left running.
 */
import { readOption, writeOption } from '../../lib/api/client';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { createHandlers } from '../../lib/handlers';
import { resumeJobs } from '../../lib/jobs/kinds';
import type { WorkerDeps } from '../../lib/connection';
import { newJob } from '../../lib/jobs/job';
import { type Job, readJob, readJobs, saveJob } from '../../lib/storage/jobs';
import { writeCredentials } from '../../lib/storage/credentials';
import { readHistory } from '../../lib/storage/history';
import { profilesItem } from '../../lib/storage/profiles';
import { originOf, originPattern } from '../../lib/storage/settings';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { storedJob } from './worker-helpers';

const sandbox = useSandbox();
let progress: Job[];
const deps: WorkerDeps = {
  hasOriginPermission: async (pattern) => pattern === originPattern(sandbox.url),
  timeoutMs: 2_000,
  onJobProgress: (job) => progress.push(job),
};
const handlers = createHandlers(deps);
const target: Target = { kind: 'building', id: DEMO.buildings.juergen[0] };
const posts = () => sandbox.log.filter((r) => r.method === 'POST');

async function configure(who: 'premium' | 'basic'): Promise<string> {
  const saved = await handlers.saveSettings({
    baseUrl: sandbox.url,
    token: DEMO[who].token,
    secret: DEMO[who].secret,
    secretPersistence: 'session',
    premiumOverride: 'auto',
  });
  expect(saved.ok).toBe(true);
  sandbox.clearLog();
  return (await profilesItem.get()).active ?? '';
}

async function slot(option: number, on: Target = target) {
  const answer = await handlers.readOption({ target: on, option });
  if (!answer.ok) throw new Error(answer.error.kind);
  return answer.value;
}

async function finished(id: string): Promise<Job> {
  for (let i = 0; i < 400; i++) {
    const job = await storedJob(id);
    if (job?.state === 'finished') return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${id} did not finish`);
}

const doc = (slots: { slot: number; title: string; data: unknown }[], kind = target.kind) => ({
  target: { kind, id: target.id },
  slots,
});

beforeEach(() => {
  fakeBrowser.reset();
  progress = [];
});

describe('previewImport', () => {
  it('lists every problem with its path and reads nothing from the API', async () => {
    await configure('basic');
    const answer = await handlers.previewImport({
      document: doc([
        { slot: 11, title: 'ok', data: '' },
        { slot: 2, title: 'x'.repeat(71), data: { a: 1 } },
        { slot: 2, title: 'twice', data: '' },
      ]),
    });
    expect(answer).toEqual({
      ok: true,
      value: {
        status: 'problems',
        problems: [
          { path: 'slots[0].slot', message: 'slot 11 is out of range 1–10' },
          { path: 'slots[1].title', message: '71 characters, at most 64' },
          { path: 'slots[2].slot', message: 'slot 2 also at slots[1]' },
        ],
      },
    });
    expect(sandbox.log).toHaveLength(0);
  });

  it('reports unknown keys and a wrong target kind by path', async () => {
    await configure('premium');
    const answer = await handlers.previewImport({
      document: { ...doc([{ slot: 1, title: 't', data: '' }], 'house' as 'building'), extra: 1 },
    });
    expect(
      answer.ok && answer.value.status === 'problems' && answer.value.problems.map((p) => p.path),
    ).toEqual(expect.arrayContaining(['target.kind', '(document)']));
  });

  it('shows current against new values, marks unchanged slots, serializes JSON data compactly', async () => {
    await configure('premium');
    const one = await slot(1);
    const answer = await handlers.previewImport({
      document: doc([
        { slot: 1, title: one.title, data: one.data },
        { slot: 12, title: 'Neu', data: { öffnung: [8, 18] } },
      ]),
    });
    expect(answer).toMatchObject({
      ok: true,
      value: {
        status: 'ready',
        target,
        items: [
          { slot: 1, unchanged: true, current: { title: one.title } },
          { slot: 12, title: 'Neu', data: '{"öffnung":[8,18]}', unchanged: false },
        ],
      },
    });
    expect(posts()).toHaveLength(0);
  });
});

describe('the request floor of an import (issue 26)', () => {
  const gets = () => sandbox.log.filter((r) => r.method === 'GET');
  const three = (one: { title: string; data: string }) =>
    doc([
      { slot: 1, title: one.title, data: one.data },
      { slot: 2, title: 'Neu 2', data: 'zwei' },
      { slot: 3, title: 'Neu 3', data: 'drei' },
    ]);

  it('previews slots fresh in the cache as of their time with no request; the job reads each slot it writes once', async () => {
    await configure('premium');
    const one = await slot(1);
    await slot(2);
    await slot(3);
    sandbox.clearLog();
    const answer = await handlers.previewImport({ document: three(one) });
    if (!answer.ok || answer.value.status !== 'ready') throw new Error('no preview');
    expect(sandbox.log).toHaveLength(0);
    expect(answer.value.items.map((i) => i.status)).toEqual(['unchanged', 'changed', 'changed']);
    expect(answer.value.items.every((i) => typeof i.seenAt === 'number')).toBe(true);
    expect(answer.value.cost).toMatchObject({ reads: 2, writes: 2, skipped: 1 });
    const started = await handlers.startImport({
      target,
      slots: answer.value.items
        .filter((i) => !i.unchanged)
        .map((i) => ({
          slot: i.slot,
          title: i.title,
          data: i.data,
          ...(i.current ? { expected: { title: i.current.title, data: i.current.data } } : {}),
        })),
    });
    if (!started.ok) throw new Error(started.error.kind);
    await finished(started.value.id);
    // The floor: one write-time read and one write per slot that changes.
    expect(gets()).toHaveLength(2);
    expect(posts()).toHaveLength(2);
    // What the job read and wrote is in the cache: nothing is read again while it is fresh.
    sandbox.clearLog();
    expect((await slot(2)).title).toBe('Neu 2');
    expect((await slot(1)).title).toBe(one.title);
    expect(sandbox.log).toHaveLength(0);
  });

  it('previews a slot not known as read before writing, and reads it only when asked', async () => {
    await configure('premium');
    const cold = await handlers.previewImport({ document: three({ title: 'x', data: 'y' }) });
    if (!cold.ok || cold.value.status !== 'ready') throw new Error('no preview');
    expect(sandbox.log).toHaveLength(0);
    expect(cold.value.items.map((i) => [i.status, i.current])).toEqual([
      ['unknown', null],
      ['unknown', null],
      ['unknown', null],
    ]);
    expect(cold.value.cost).toMatchObject({ reads: 3, writes: 3, skipped: 0 });
    const read = await handlers.previewImport({ document: three({ title: 'x', data: 'y' }), read: true });
    if (!read.ok || read.value.status !== 'ready') throw new Error('no preview');
    expect(gets()).toHaveLength(3);
    expect(read.value.items.map((i) => i.status)).toEqual(['changed', 'changed', 'changed']);
    // Read once: asked again, the preview answers from what it read.
    await handlers.previewImport({ document: three({ title: 'x', data: 'y' }), read: true });
    expect(gets()).toHaveLength(3);
  });

  it('never shows a cached answer older than the freshness window as current', async () => {
    const profileId = await configure('premium');
    const one = await slot(1);
    const { writeCached, optionParts } = await import('../../lib/storage/cache');
    await writeCached(profileId, optionParts(target, 1), one, Date.now() - 6 * 60_000);
    sandbox.clearLog();
    const answer = await handlers.previewImport({
      document: doc([{ slot: 1, title: one.title, data: one.data }]),
    });
    if (!answer.ok || answer.value.status !== 'ready') throw new Error('no preview');
    expect(answer.value.items[0]).toMatchObject({ status: 'unknown', current: null, unchanged: false });
    expect(answer.value.items[0]?.seenAt).toBeUndefined();
    expect(sandbox.log).toHaveLength(0);
  });
});

describe('startImport, undoImport', () => {
  it('re-validates in the worker and refuses what the page should not have sent', async () => {
    const profileId = await configure('basic');
    const basicTarget = { kind: 'building' as const, id: DEMO.buildings.kaethe[0] };
    const answer = await handlers.startImport({
      target: basicTarget,
      slots: [{ slot: 11, title: 'premium only', data: '' }],
    });
    expect(answer).toMatchObject({ ok: false, error: { kind: 'invalidInput', field: 'slots' } });
    const long = await handlers.startImport({
      target: basicTarget,
      slots: [{ slot: 1, title: 'x'.repeat(65), data: '' }],
    });
    expect(long).toMatchObject({
      ok: false,
      error: { message: 'slots[0].title: 65 characters, at most 64' },
    });
    expect(posts()).toHaveLength(0);
    expect(await readJobs(profileId)).toEqual([]);
  });

  it('stores a write with a manifest slot as a document, undone as any write', async () => {
    await configure('premium');
    const slots = [1, 2, 3].map((n) => ({ slot: n, title: `Piece ${n}`, data: `{"n":${n}}` }));
    const started = await handlers.startImport({ target, slots, finalSlot: 1 });
    if (!started.ok) throw new Error(started.error.kind);
    const job = await finished(started.value.id);
    expect(job).toMatchObject({ kind: 'document', finalSlot: 1, state: 'finished' });
    const undo = await handlers.undoImport({ id: job.id });
    expect(undo.ok).toBe(true);
  });

  it('answers at once with a job id, runs the job in the background, and undo restores every slot', async () => {
    const profileId = await configure('premium');
    const before = await Promise.all(Array.from({ length: 20 }, (_, i) => slot(i + 1)));
    const slots = before.map((_, i) => ({ slot: i + 1, title: `Import ${i + 1}`, data: `{"n":${i + 1}}` }));
    const started = await handlers.startImport({ target, slots });
    if (!started.ok) throw new Error(started.error.kind);
    const job = await finished(started.value.id);
    expect(job.kind).toBe('import');
    expect(job.items.map((i) => i.status)).toEqual(Array(20).fill('done'));
    expect((await slot(20)).title).toBe('Import 20');
    expect((await readHistory(profileId, target, 20))[0]?.title).toBe(before[19]?.title);
    expect(progress.at(-1)).toMatchObject({ id: job.id, state: 'finished' });

    const undo = await handlers.undoImport({ id: job.id });
    if (!undo.ok) throw new Error(undo.error.kind);
    const undone = await finished(undo.value.id);
    expect(undone).toMatchObject({ kind: 'undo', undoOf: job.id });
    const after = await Promise.all(Array.from({ length: 20 }, (_, i) => slot(i + 1)));
    expect(after.map(({ title, data }) => ({ title, data }))).toEqual(
      before.map(({ title, data }) => ({ title, data })),
    );
  });

  it('refuses to undo a job that is unknown, an undo, or still running', async () => {
    const profileId = await configure('premium');
    expect(await handlers.undoImport({ id: 'nope' })).toMatchObject({
      ok: false,
      error: { kind: 'badMessage' },
    });
    const running = newJob(profileId, 'import', target, [{ slot: 1, title: 'a', data: '' }]);
    await saveJob(running);
    expect(await handlers.undoImport({ id: running.id })).toMatchObject({
      ok: false,
      error: { kind: 'badMessage' },
    });
  });
});

describe('resumeJobs', () => {
  it('finishes a job a stopped worker left running, settling the slot it was writing', async () => {
    const profileId = await configure('premium');
    const job = newJob(profileId, 'import', target, [
      { slot: 2, title: 'Schon geschrieben', data: '' },
      { slot: 3, title: 'Noch offen', data: '' },
    ]);
    // Slot 2's write landed before the worker stopped; the job still says "writing".
    await writeOption({ baseUrl: sandbox.url, token: DEMO.premium.token }, target, {
      apiSecret: DEMO.premium.secret,
      option: 2,
      title: 'Schon geschrieben',
      data: '',
    });
    const [first, second] = job.items;
    await saveJob({ ...job, items: [{ ...first!, status: 'writing', attempts: 1 }, second!] });
    sandbox.clearLog();
    await resumeJobs(deps);
    const resumed = await readJob(profileId, job.id);
    expect(resumed?.state).toBe('finished');
    expect(resumed?.items.map((i) => i.status)).toEqual(['done', 'done']);
    expect((await slot(3)).title).toBe('Noch offen');
    expect(posts()).toHaveLength(1);
  });

  it('reports the open slots as failed when the secret is gone, instead of leaving the job running', async () => {
    const profileId = await configure('premium');
    await writeCredentials(profileId, 'session', {
      token: DEMO.premium.token,
      secret: '',
      origin: originOf(sandbox.url),
    });
    const job = newJob(profileId, 'import', target, [{ slot: 4, title: 'x', data: '' }]);
    await saveJob(job);
    await resumeJobs(deps);
    expect(await readJob(profileId, job.id)).toMatchObject({
      state: 'finished',
      items: [{ status: 'failed', error: 'notConfigured: secret' }],
    });
    expect(posts()).toHaveLength(0);
  });
});

describe('exportSlots', () => {
  it('exports every slot of a target, and importing the export back changes nothing', async () => {
    await configure('premium');
    const factory: Target = { kind: 'factory', id: DEMO.factories.juergen[0] };
    const exported = await handlers.exportSlots({ target: factory });
    if (!exported.ok) throw new Error(exported.error.kind);
    expect(exported.value.slots.map((s) => s.slot)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const answer = await handlers.previewImport({ document: JSON.parse(JSON.stringify(exported.value)) });
    if (!answer.ok || answer.value.status !== 'ready') throw new Error('not ready');
    expect(answer.value.target).toEqual(factory);
    expect(answer.value.items.every((item) => item.unchanged)).toBe(true);
    expect(posts()).toHaveLength(0);
  });
});

describe('cancelImport and bounded documents', () => {
  async function settled(id: string): Promise<Job> {
    for (let i = 0; i < 400; i++) {
      const job = await storedJob(id);
      if (job && job.state !== 'running') return job;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`job ${id} did not end`);
  }

  it('cancels a running import before its next write; unwritten slots are marked cancelled', async () => {
    await configure('premium');
    sandbox.setLatency(40);
    const slots = Array.from({ length: 12 }, (_, i) => ({ slot: i + 1, title: `C ${i + 1}`, data: 'c' }));
    const started = await handlers.startImport({ target, slots });
    if (!started.ok) throw new Error(started.error.kind);
    expect(await handlers.cancelImport({ id: started.value.id })).toEqual({
      ok: true,
      value: { id: started.value.id },
    });
    const job = await settled(started.value.id);
    sandbox.setLatency(0);
    expect(job.state).toBe('cancelled');
    expect(job.items.filter((i) => i.status === 'cancelled').length).toBeGreaterThan(0);
    expect(posts().length).toBe(job.items.filter((i) => i.status === 'done').length);
    expect(await handlers.cancelImport({ id: job.id })).toMatchObject({
      ok: false,
      error: { kind: 'badMessage', message: 'the job is not running' },
    });
  });

  it('marks a stored running job that this worker does not run as cancelled at once', async () => {
    const profileId = await configure('premium');
    const stale = newJob(profileId, 'import', target, [{ slot: 1, title: 'a', data: '' }]);
    await saveJob(stale);
    await handlers.cancelImport({ id: stale.id });
    expect(await readJob(profileId, stale.id)).toMatchObject({
      state: 'cancelled',
      items: [{ status: 'cancelled' }],
    });
  });

  it('refuses a document over 256 KB or with more than 20 slots before looking at its slots', async () => {
    await configure('premium');
    const big = await handlers.previewImport({
      document: doc([{ slot: 1, title: 't', data: 'x'.repeat(300 * 1024) }]),
    });
    expect(big).toEqual({
      ok: true,
      value: {
        status: 'problems',
        problems: [{ path: '(document)', message: '301 KB, at most 256 KB; nothing of it was read' }],
      },
    });
    const many = await handlers.previewImport({
      document: doc(Array.from({ length: 5000 }, (_, i) => ({ slot: i + 1, title: '', data: '' }))),
    });
    expect(many).toEqual({
      ok: true,
      value: { status: 'problems', problems: [{ path: 'slots', message: '5000 slots, at most 20' }] },
    });
    expect(sandbox.log).toHaveLength(0);
  });
});

describe('every write of a job is checked against the slot just before it (issue 21, item 1)', () => {
  /** What the page sends on Confirm: each slot with the value the preview showed as current. */
  async function previewThenConfirm(change: () => void) {
    // The user asked to see the current values: the preview reads the slot (not cached yet).
    const answer = await handlers.previewImport({
      document: doc([{ slot: 1, title: 'Aus der Datei', data: 'neu' }]),
      read: true,
    });
    if (!answer.ok || answer.value.status !== 'ready') throw new Error('no preview');
    change();
    const started = await handlers.startImport({
      target,
      slots: answer.value.items.map(({ slot, title, data, current }) => ({
        slot,
        title,
        data,
        ...(current ? { expected: { title: current.title, data: current.data } } : {}),
      })),
    });
    if (!started.ok) throw new Error(started.error.kind);
    return { previewed: answer.value.items[0]?.current, job: await finished(started.value.id) };
  }

  it('a slot changed on the server between preview and Confirm is a conflict with both values, never overwritten', async () => {
    const profileId = await configure('premium');
    const { previewed, job } = await previewThenConfirm(() =>
      sandbox.changeSlot({ target, option: 1, title: 'Von woanders', data: 'fremd' }),
    );
    expect(previewed?.title).not.toBe('Von woanders');
    expect(job.items[0]).toMatchObject({
      status: 'conflict',
      title: 'Aus der Datei',
      data: 'neu',
      conflict: { title: 'Von woanders', data: 'fremd' },
    });
    expect(posts()).toHaveLength(0);
    const server = await readOption({ baseUrl: sandbox.url, token: DEMO.premium.token }, target, 1);
    expect(server.ok && server.value.title).toBe('Von woanders');
    expect(await readHistory(profileId, target, 1)).toEqual([]);
  });

  it('reads the slot before writing even right after the preview: history holds the value actually replaced', async () => {
    const profileId = await configure('premium');
    await handlers.previewImport({ document: doc([{ slot: 2, title: 'Aus der Datei', data: 'neu' }]) });
    // Changed after the preview's read; a job without a baseline (an older page) still must not
    // record the preview's value as the one it replaced.
    sandbox.changeSlot({ target, option: 2, title: 'Zwischendurch', data: 'z' });
    const started = await handlers.startImport({
      target,
      slots: [{ slot: 2, title: 'Aus der Datei', data: 'neu' }],
    });
    if (!started.ok) throw new Error(started.error.kind);
    const job = await finished(started.value.id);
    expect(job.items[0]).toMatchObject({ status: 'done', previous: { title: 'Zwischendurch', data: 'z' } });
    expect((await readHistory(profileId, target, 2))[0]).toMatchObject({ title: 'Zwischendurch', data: 'z' });
    const undo = await handlers.undoImport({ id: job.id });
    if (!undo.ok) throw new Error(undo.error.kind);
    await finished(undo.value.id);
    expect((await slot(2)).title).toBe('Zwischendurch');
  });

  it('a slot changed between the job read and its retry after a failed write is a conflict (sandbox: change after the n-th read)', async () => {
    await configure('premium');
    const before = await slot(3);
    // The write fails transiently; someone writes the slot right after the job's read, before its write.
    sandbox.addFault({ path: '/building/options', method: 'POST', kind: 'status', status: 503, times: 1 });
    sandbox.changeSlotAfter({ target, option: 3, title: 'Dazwischen', data: 'd', afterReads: 1 });
    const started = await handlers.startImport({
      target,
      slots: [
        {
          slot: 3,
          title: 'Aus der Datei',
          data: 'neu',
          expected: { title: before.title, data: before.data },
        },
      ],
    });
    if (!started.ok) throw new Error(started.error.kind);
    const job = await finished(started.value.id);
    expect(job.items[0]).toMatchObject({ status: 'conflict', conflict: { title: 'Dazwischen' } });
  });
});
