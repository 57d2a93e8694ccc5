/** saveSlot against the real sandbox over HTTP, storage from wxt's fake browser. */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { RequestScheduler } from '../../lib/api/scheduler';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import { readHistory } from '../../lib/storage/history';
import { profilesItem } from '../../lib/storage/profiles';
import { originPattern } from '../../lib/storage/settings';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { storedJob } from './worker-helpers';

const sandbox = useSandbox();
const deps: WorkerDeps = { hasOriginPermission: async () => true, timeoutMs: 2_000 };
const handlers = createHandlers(deps);
const building: Target = { kind: 'building', id: 'b-1001' };

async function configure(who: 'premium' | 'basic' | 'readonly', secret?: string) {
  const saved = await handlers.saveSettings({
    baseUrl: sandbox.url,
    token: DEMO[who].token,
    secret: secret ?? DEMO[who].secret,
    secretPersistence: 'session',
    premiumOverride: 'auto',
  });
  expect(saved.ok).toBe(true);
  sandbox.clearLog();
}

async function readDirect(target: Target, option: number) {
  const answer = await fetch(`${sandbox.url}/${target.kind}/options/${target.id}/${option}`, {
    headers: { Authorization: `Bearer ${DEMO.premium.token}` },
  });
  return (await answer.json()) as { title: string; data: string; lastUpdated: string };
}

const activeId = async () => (await profilesItem.get()).active ?? '';

const posts = () => sandbox.log.filter((r) => r.method === 'POST');

beforeEach(() => {
  fakeBrowser.reset();
  expect(originPattern(sandbox.url)).toBeTruthy();
});

describe('saveSlot', () => {
  it('writes when the slot is unchanged, keeps the replaced value and returns what was written, without a re-read', async () => {
    await configure('premium');
    const before = await readDirect(building, 1);
    sandbox.clearLog();
    const result = await handlers.saveSlot({
      target: building,
      option: 1,
      title: 'Neu 🏠',
      data: '{"ok":true}',
      expected: { title: before.title, data: before.data },
    });
    expect(result.ok && result.value.status).toBe('saved');
    // conflict read and write: a save costs 2 requests
    expect(sandbox.log.map((r) => r.method)).toEqual(['GET', 'POST']);
    const after = await readDirect(building, 1);
    expect(after).toMatchObject({ title: 'Neu 🏠', data: '{"ok":true}' });
    expect(result).toMatchObject({
      ok: true,
      value: { status: 'saved', option: { title: after.title, data: after.data } },
    });
    expect(after.lastUpdated).not.toBe(before.lastUpdated);

    const history = await readHistory(await activeId(), building, 1);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      title: before.title,
      data: before.data,
      lastUpdated: before.lastUpdated,
    });
    expect(JSON.parse(posts()[0]?.body ?? '{}')).toMatchObject({ apiSecret: DEMO.premium.secret, option: 1 });
  });

  it('returns a conflict with the server value, and writes nothing, when the slot changed meanwhile', async () => {
    await configure('premium');
    const loaded = await readDirect(building, 2);
    const other = await fetch(`${sandbox.url}/building/options`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${DEMO.premium.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        apiSecret: DEMO.premium.secret,
        buildingId: 'b-1001',
        option: 2,
        title: 'Von woanders',
        data: 'x',
      }),
    });
    expect(await other.text()).toBe('option was updated');
    sandbox.clearLog();

    const result = await handlers.saveSlot({
      target: building,
      option: 2,
      title: 'Meins',
      data: 'y',
      expected: { title: loaded.title, data: loaded.data },
    });
    const server = await readDirect(building, 2);
    expect(result).toEqual({ ok: true, value: { status: 'conflict', server } });
    expect(server.title).toBe('Von woanders');
    expect(posts()).toHaveLength(0);
    expect(await readHistory(await activeId(), building, 2)).toEqual([]);

    // Keeping mine = saving against the version the conflict showed.
    const kept = await handlers.saveSlot({
      target: building,
      option: 2,
      title: 'Meins',
      data: 'y',
      expected: { title: server.title, data: server.data },
    });
    expect(kept.ok && kept.value.status).toBe('saved');
    expect((await readHistory(await activeId(), building, 2))[0]?.title).toBe('Von woanders');
  });

  it('never sends an over-long title or data, nor a premium slot without premium', async () => {
    await configure('basic');
    const base = { target: { kind: 'building' as const, id: 'b-2002' }, expected: { title: '', data: '' } };
    const long = await handlers.saveSlot({ ...base, option: 1, title: `${'a'.repeat(63)}🏠`, data: '' });
    expect(long).toEqual({
      ok: false,
      error: { kind: 'invalidInput', field: 'title', message: 'at most 64 characters' },
    });
    const data = await handlers.saveSlot({ ...base, option: 1, title: '', data: 'x'.repeat(2401) });
    expect(data).toMatchObject({ ok: false, error: { kind: 'invalidInput', field: 'data' } });
    const premium = await handlers.saveSlot({ ...base, option: 11, title: '', data: '' });
    expect(premium).toMatchObject({ ok: false, error: { kind: 'invalidInput', field: 'option' } });
    expect(sandbox.log).toHaveLength(0);
  });

  it('reports a wrong secret, a missing edit scope and a target not owned, writing nothing', async () => {
    await configure('premium', 'not-the-secret');
    const seed = await readDirect(building, 1);
    const request = {
      target: building,
      option: 1,
      title: 'x',
      data: 'y',
      expected: { title: seed.title, data: seed.data },
    };
    expect(await handlers.saveSlot(request)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden', message: 'Invalid apiSecret' },
    });

    await configure('readonly');
    expect(await handlers.saveSlot(request)).toMatchObject({
      ok: false,
      error: { kind: 'forbidden', message: expect.stringContaining('building.options.edit') },
    });

    await configure('premium');
    expect(
      await handlers.saveSlot({ ...request, target: { kind: 'building', id: DEMO.rentedByJuergen } }),
    ).toMatchObject({ ok: false, error: { kind: 'notFound' } });
    expect(await readDirect(building, 1)).toEqual(seed);
  });
});

describe('one write per slot at a time (issue 21, item 2)', () => {
  const save = (title: string, expected: { title: string; data: string }) =>
    handlers.saveSlot({ target: building, option: 4, title, data: title, expected });

  it('of two saves of one slot at the same moment, one is saved and the other reports a conflict showing it', async () => {
    await configure('premium');
    const loaded = await readDirect(building, 4);
    // Both conflict reads would be on the wire at once without the lock.
    sandbox.setLatency(60);
    sandbox.clearLog();
    const results = await Promise.all([save('Tab A', loaded), save('Tab B', loaded)]);
    // The second conflict read went out after the first write: it saw it.
    expect(sandbox.log.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
    const statuses = results.map((r) => (r.ok ? r.value.status : r.error.kind));
    expect(statuses.toSorted()).toEqual(['conflict', 'saved']);
    const server = await readDirect(building, 4);
    const conflict = results.find((r) => r.ok && r.value.status === 'conflict');
    expect(conflict).toEqual({ ok: true, value: { status: 'conflict', server } });
    expect(posts()).toHaveLength(1);
    expect(await readHistory(await activeId(), building, 4)).toMatchObject([
      { title: loaded.title, data: loaded.data },
    ]);
  });

  it('a save and an import job of the same slot take turns: the later one reports a conflict', async () => {
    await configure('premium');
    const loaded = await readDirect(building, 4);
    sandbox.setLatency(60);
    const started = await handlers.startImport({
      target: building,
      slots: [{ slot: 4, title: 'Import', data: 'i', expected: { title: loaded.title, data: loaded.data } }],
    });
    const saved = await save('Tab A', loaded);
    if (!started.ok) throw new Error(started.error.kind);
    let job = await storedJob(started.value.id);
    while (job?.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = await storedJob(started.value.id);
    }
    const jobStatus = job ? job.items[0]?.status : 'none';
    const saveStatus = saved.ok ? saved.value.status : saved.error.kind;
    // Exactly one of them wrote; the other met its write and reports a conflict.
    expect([jobStatus === 'done', saveStatus === 'saved'].filter(Boolean)).toHaveLength(1);
    expect([jobStatus, saveStatus]).toContain('conflict');
    expect(posts()).toHaveLength(1);
    const history = await readHistory(await activeId(), building, 4);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ title: loaded.title });
  });

  it('through the request scheduler, with a view’s read of the slot queued between them, the second save still reports a conflict', async () => {
    const scheduled = createHandlers({ ...deps, scheduler: new RequestScheduler({ maxInFlight: 1 }) });
    await configure('premium');
    const loaded = await readDirect(building, 5);
    sandbox.setLatency(40);
    const saveAs = (title: string) =>
      scheduled.saveSlot({
        target: building,
        option: 5,
        title,
        data: title,
        expected: { title: loaded.title, data: loaded.data },
      });
    const [a, view, b] = await Promise.all([
      saveAs('Erster'),
      scheduled.readOption({ target: building, option: 5, hint: { priority: 'visible' } }),
      saveAs('Zweiter'),
    ]);
    expect(view.ok).toBe(true);
    const statuses = [a, b].map((r) => (r.ok ? r.value.status : r.error.kind));
    expect(statuses).toEqual(['saved', 'conflict']);
    expect(b).toMatchObject({ ok: true, value: { server: { title: 'Erster' } } });
    expect(posts()).toHaveLength(1);
  });
});
