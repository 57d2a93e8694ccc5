/**
 * Profiles in the worker against the real sandbox over HTTP, storage from wxt's fake browser:
 * credentials bound to their origin, sign-out, cancelling a running import, and the router
 * refusing a page that shows another profile than the active one.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { fail } from '../../lib/api/errors';
import { RequestScheduler } from '../../lib/api/scheduler';
import { queueIdOf } from '../../lib/api/scheduler-types';
import type { Target } from '../../lib/api/schemas';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import { newJob } from '../../lib/jobs/job';
import { readJobs, saveJob } from '../../lib/storage/jobs';
import type { SettingsInput } from '../../lib/messaging/protocol';
import { type Handlers, createRouter } from '../../lib/messaging/router';
import { cacheFamily } from '../../lib/storage/cache';
import { putDraft, readDrafts } from '../../lib/storage/drafts';
import { putDocumentDraft, readDocumentDraft } from '../../lib/storage/document-drafts';
import { readPlaceholder, rememberPlaceholder } from '../../lib/storage/placeholder';
import { DEFAULT_LAYOUT } from '../../lib/slots/document-layout';
import { readHistory } from '../../lib/storage/history';
import { pushHistory } from '../../lib/storage/keep-replaced';
import { writeCredentials } from '../../lib/storage/credentials';
import { Profile, newProfile, profilesItem } from '../../lib/storage/profiles';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { settingsInput } from './worker-helpers';
import { type Sandbox, startSandbox } from '../sandbox/server';

const sandbox = useSandbox();
const deps: WorkerDeps = { hasOriginPermission: async () => true, timeoutMs: 3_000 };
const handlers = createHandlers(deps);
const target: Target = { kind: 'building', id: DEMO.buildings.juergen[0] };

const input = (overrides: Partial<SettingsInput> = {}) => settingsInput(sandbox, overrides);

/** Saves the form for the first profile (the worker makes it) and returns its id. */
async function configure(overrides: Partial<SettingsInput> = {}): Promise<string> {
  const saved = await handlers.saveSettings(input(overrides));
  expect(saved.ok).toBe(true);
  sandbox.clearLog();
  return (await profilesItem.get()).active ?? '';
}

async function everything(): Promise<string> {
  const local = await fakeBrowser.storage.local.get(null);
  const session = await fakeBrowser.storage.session.get(null);
  return JSON.stringify({ local, session });
}

const keysOf = async (profileId: string) =>
  [
    ...Object.keys(await fakeBrowser.storage.local.get(null)),
    ...Object.keys(await fakeBrowser.storage.session.get(null)),
  ].filter((k) => k.startsWith(`p.${profileId}.`));

beforeEach(() => fakeBrowser.reset());

describe('credentials bound to their origin', () => {
  let other: Sandbox;
  beforeAll(async () => {
    other = await startSandbox();
  });
  afterAll(async () => {
    await other.close();
  });
  beforeEach(() => other.reset());

  it('refuses a new base URL without the token typed again, and sends nothing there', async () => {
    await configure();
    expect(new URL(other.url).origin).not.toBe(new URL(sandbox.url).origin);

    const answer = await handlers.saveSettings(input({ baseUrl: other.url, token: '', secret: '' }));
    expect(answer).toEqual({
      ok: false,
      error: { kind: 'invalidInput', field: 'token', message: 'token.reenter' },
    });
    const tested = await handlers.testConnection(input({ baseUrl: other.url, token: '', secret: '' }));
    expect(tested).toMatchObject({ ok: false, error: { message: 'token.reenter' } });
    expect(other.log).toEqual([]);
    expect((await profilesItem.get()).list[0]?.baseUrl).toBe(sandbox.url);
  });

  it('treats stored credentials as absent once the base URL points elsewhere', async () => {
    const id = await configure();
    const state = await profilesItem.get();
    await profilesItem.set({
      ...state,
      list: state.list.map((p) => (p.id === id ? { ...p, baseUrl: other.url } : p)),
    });
    expect(await handlers.listBuildings({})).toEqual({
      ok: false,
      error: { kind: 'notConfigured', missing: ['token'] },
    });
    expect(await handlers.getSettings({})).toMatchObject({ ok: true, value: { hasToken: false } });
    expect(other.log).toEqual([]);
  });
});

describe('forgetProfile (sign-out)', () => {
  async function fill(id: string) {
    await handlers.listBuildings({}); // the worker caches the answer
    await putDraft(id, target, 1, { title: 'Entwurf', data: '', savedAt: 1 });
    await putDocumentDraft(id, target, { text: '{"halb":1}', layout: DEFAULT_LAYOUT, savedAt: 1 });
    await rememberPlaceholder(id, '.');
    await pushHistory(id, target, 1, { time: 1, title: 'alt', data: '', lastUpdated: null });
    await saveJob({ ...newJob(id, 'import', target, []), state: 'finished' });
    expect(await cacheFamily.entries(id)).toHaveLength(1);
    expect(await readJobs(id)).toHaveLength(1);
  }

  it('removes token, secret, cached answers and jobs, and keeps drafts and history unless asked', async () => {
    const id = await configure({ secretPersistence: 'local' });
    await fill(id);

    const epoch = (await profilesItem.get()).list[0]?.epoch ?? 0;
    const answer = await handlers.forgetProfile({ id, deleteDraftsAndHistory: false });
    // A new epoch: pages still showing the account render anew, from nothing.
    expect(answer).toMatchObject({ ok: true, value: { list: [{ id, hasToken: false, epoch: epoch + 1 }] } });
    const stored = await everything();
    expect(stored).not.toContain(DEMO.premium.token);
    expect(stored).not.toContain(DEMO.premium.secret);
    expect(await cacheFamily.entries(id)).toEqual([]);
    expect(await readJobs(id)).toEqual([]);
    expect((await readDrafts(id, target, [1])).get(1)?.title).toBe('Entwurf');
    expect((await readDocumentDraft(id, target))?.text).toBe('{"halb":1}');
    // What the account's server taught (its placeholder) goes with the account.
    expect(await readPlaceholder(id)).toBe('');
    expect(await readHistory(id, target, 1)).toHaveLength(1);
    expect(await handlers.listBuildings({})).toMatchObject({ ok: false, error: { kind: 'notConfigured' } });

    await handlers.forgetProfile({ id, deleteDraftsAndHistory: true });
    expect(await keysOf(id)).toEqual([]);
    expect((await profilesItem.get()).list.map((p) => p.id)).toEqual([id]);
  });

  it('ends a read still waiting for its answer: nothing of the account lands in storage afterwards', async () => {
    const id = await configure();
    sandbox.setLatency(400);
    try {
      const read = handlers.listTenants({
        buildingId: DEMO.buildings.juergen[0],
        hint: { priority: 'user' },
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await handlers.forgetProfile({ id, deleteDraftsAndHistory: true });
      expect(await read).toMatchObject({ ok: false, error: { kind: 'aborted' } });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await keysOf(id)).toEqual([]);
    } finally {
      sandbox.setLatency(0);
    }
  });

  it('leaves the other profiles alone', async () => {
    const first = await configure();
    await fill(first);
    const added = await handlers.addProfile({ name: 'Zweit' });
    if (!added.ok) throw new Error(added.error.kind);
    const second = added.value.list.find((p) => p.id !== first)?.id ?? '';
    await putDraft(second, target, 1, { title: 'Zweit', data: '', savedAt: 1 });

    await handlers.forgetProfile({ id: first, deleteDraftsAndHistory: true });
    expect((await readDrafts(second, target, [1])).get(1)?.title).toBe('Zweit');
  });

  it('cancels a running import: it stops before its next write and leaves nothing behind', async () => {
    const id = await configure();
    const before = await handlers.readOption({ target, option: 1 });
    // No fresh cached value: every slot of the import starts with a read that takes 300 ms.
    await cacheFamily.removeAll(id);
    sandbox.setLatency(300);
    sandbox.clearLog();
    const slots = Array.from({ length: 6 }, (_, i) => ({ slot: i + 1, title: `Neu ${i + 1}`, data: '' }));
    const started = await handlers.startImport({ target, slots });
    expect(started.ok).toBe(true);
    // The first reads are on their way (each answer takes 300 ms): sign out now.
    for (let i = 0; i < 100 && sandbox.log.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect(sandbox.log.length).toBeGreaterThan(0);
    await handlers.forgetProfile({ id, deleteDraftsAndHistory: true });

    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(sandbox.log.filter((r) => r.method === 'POST')).toEqual([]);
    expect(await keysOf(id)).toEqual([]);
    sandbox.setLatency(0);
    await configure();
    expect(await handlers.readOption({ target, option: 1 })).toEqual(before);
  });
});

describe('router and the active profile', () => {
  const seen: unknown[] = [];
  const stub = {
    listBuildings: async (_payload: unknown, context: unknown) => {
      seen.push(context);
      return { ok: true, value: [] };
    },
  } as unknown as Handlers;
  const route = createRouter(stub, { activeProfile: async () => 'p-1' });

  it('refuses a message sent for another profile than the active one, without running it', async () => {
    seen.length = 0;
    expect(await route({ type: 'listBuildings', payload: {}, profile: 'p-2' })).toEqual({
      ok: false,
      error: { kind: 'profileChanged' },
    });
    expect(seen).toEqual([]);
  });

  it('hands the page’s profile (or none) to the handler', async () => {
    seen.length = 0;
    expect(await route({ type: 'listBuildings', payload: {}, profile: 'p-1' })).toEqual({
      ok: true,
      value: [],
    });
    await route({ type: 'listBuildings', payload: {} });
    expect(seen).toEqual([{ profile: 'p-1' }, { profile: null }]);
  });
});

describe('the request queue of a profile', () => {
  /** Two profiles with their own keys, each with a request held back by a 429 in its own queue. */
  async function twoWaitingQueues() {
    const scheduler = new RequestScheduler();
    const queueHandlers = createHandlers({ ...deps, scheduler });
    const profiles = ['Mine', 'Other'].map((name, i) =>
      newProfile(name, i, { baseUrl: sandbox.url, secretPersistence: 'session' }),
    );
    await profilesItem.set({ active: profiles[0]?.id ?? null, list: profiles });
    const waiting = [];
    for (const [i, profile] of profiles.entries()) {
      const token = `token-${i}`;
      await writeCredentials(profile.id, 'session', {
        token,
        secret: '',
        origin: new URL(sandbox.url).origin,
      });
      const queue = await queueIdOf(sandbox.url, token);
      waiting.push(
        scheduler.run(queue, { priority: 'user' }, async (report) => {
          report(429, new Headers({ 'Retry-After': '30' }));
          return fail({ kind: 'rateLimited', retryAfterMs: 30_000, message: '' });
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return { scheduler, queueHandlers, profiles, waiting };
  }

  it('shows a page only its own profile’s queue, and cancels only that one', async () => {
    const { queueHandlers, profiles, waiting, scheduler } = await twoWaitingQueues();
    const mine = { profile: profiles[0]?.id ?? null };
    const view = await queueHandlers.getRequestQueue({}, mine);
    const ownKey = (await queueIdOf(sandbox.url, 'token-0')).key;
    expect(view.ok && [view.value.key, view.value.queue?.key, view.value.queue?.queued.user]).toEqual([
      ownKey,
      ownKey,
      1,
    ]);
    expect(scheduler.view()).toHaveLength(2);

    expect(await queueHandlers.cancelQueuedRequests({}, mine)).toEqual({ ok: true, value: { cancelled: 1 } });
    expect(await waiting[0]).toEqual(fail({ kind: 'aborted' }));
    const other = scheduler.view().find((queue) => queue.key !== ownKey);
    expect(other?.queued.user).toBe(1);
    scheduler.cancel();
    await waiting[1];
  });
});

describe('the stored profile', () => {
  it('reads a profile stored before epochs existed as epoch 0, and refuses a negative or fractional epoch', () => {
    const { epoch: _epoch, ...withoutEpoch } = newProfile('One', 0);
    expect(Profile.parse(withoutEpoch).epoch).toBe(0);
    expect(Profile.parse({ ...withoutEpoch, epoch: 3 }).epoch).toBe(3);
    expect(Profile.safeParse({ ...withoutEpoch, epoch: -1 }).success).toBe(false);
    expect(Profile.safeParse({ ...withoutEpoch, epoch: 1.5 }).success).toBe(false);
  });
});
