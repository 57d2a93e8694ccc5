/**
 * The worker's handlers against the real sandbox over HTTP, with the extension's storage provided
 * by wxt's fake browser. Only the permission check (a browser prompt) is supplied by the test.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { Building, BuildingListEntry } from '../../lib/api/schemas';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import { type SettingsInput, protocol } from '../../lib/messaging/protocol';
import { readCached } from '../../lib/storage/cache';
import { currentTargetFamily } from '../../lib/storage/current-target';
import { draftFamily } from '../../lib/storage/drafts';
import { labelsFamily } from '../../lib/storage/labels';
import { placeholderFamily } from '../../lib/storage/placeholder';
import { profilesItem } from '../../lib/storage/profiles';
import { originPattern } from '../../lib/storage/settings';
import { z } from '../../lib/zod';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { settingsInput } from './worker-helpers';

const sandbox = useSandbox();
let granted: Set<string>;
const deps: WorkerDeps = {
  hasOriginPermission: async (pattern) => granted.has(pattern),
  timeoutMs: 2_000,
};
const handlers = createHandlers(deps);

const input = (overrides: Partial<SettingsInput> = {}) => settingsInput(sandbox, overrides);

async function storedIn(area: 'local' | 'session'): Promise<Record<string, unknown>> {
  return fakeBrowser.storage[area].get(null);
}

/**
 * Nothing of an account is stored: no credentials, no answers, and no profile holds a base URL.
 * (The worker may have made the empty first profile a form is saved into.)
 */
async function expectNothingSaved(): Promise<void> {
  const { [profilesItem.key]: _profiles, ...local } = await storedIn('local');
  expect(local).toEqual({});
  expect(await storedIn('session')).toEqual({});
  expect((await profilesItem.get()).list.map((p) => p.baseUrl)).toEqual(
    (await profilesItem.get()).list.map(() => ''),
  );
}

beforeEach(() => {
  fakeBrowser.reset();
  granted = new Set([originPattern(sandbox.url)]);
});

describe('saveSettings', () => {
  it('refuses an invalid base URL with the exact problem and stores nothing', async () => {
    for (const [baseUrl, problem] of [
      ['', 'baseUrl.required'],
      ['not a url', 'baseUrl.invalid'],
      ['ftp://example.com', 'baseUrl.scheme'],
      ['http://example.com', 'baseUrl.https'],
      ['https://user:pw@example.com', 'baseUrl.credentials'],
      ['https://example.com/?a=1', 'baseUrl.query'],
    ] as const) {
      const result = await handlers.saveSettings(input({ baseUrl }));
      expect(result).toEqual({
        ok: false,
        error: { kind: 'invalidInput', field: 'baseUrl', message: problem },
      });
    }
    expect(await storedIn('local')).toEqual({});
    expect(await storedIn('session')).toEqual({});
  });

  it('requires a token when none is stored', async () => {
    const result = await handlers.saveSettings(input({ token: '  ' }));
    expect(result).toMatchObject({ ok: false, error: { kind: 'invalidInput', field: 'token' } });
  });

  it('refuses to save without host permission for exactly the API origin', async () => {
    granted.clear();
    const result = await handlers.saveSettings(input());
    expect(result).toEqual({
      ok: false,
      error: { kind: 'permissionMissing', origin: originPattern(sandbox.url) },
    });
    expect(sandbox.log).toHaveLength(0);
  });

  it('refuses a token the API rejects and saves nothing', async () => {
    const result = await handlers.saveSettings(input({ token: DEMO.unknownToken }));
    expect(result).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    await expectNothingSaved();
  });

  it('saves, detects premium from slot 11 and never hands the credentials back', async () => {
    const result = await handlers.saveSettings(input({ baseUrl: `${sandbox.url}/` }));
    const { active, list } = await profilesItem.get();
    expect(list).toHaveLength(1);
    // What the page receives: the answer as the router validates it against the protocol.
    expect(protocol.saveSettings.response.parse(result)).toEqual({
      ok: true,
      value: {
        profileId: active,
        name: 'Account 1',
        color: list[0]?.color,
        baseUrl: sandbox.url,
        hasToken: true,
        hasSecret: true,
        secretPersistence: 'session',
        premiumOverride: 'auto',
        detectedPremium: true,
        requestsPerMinute: null,
        freshnessMinutes: 5,
        premium: true,
      },
    });
    expect(sandbox.log.some((r) => /^\/building\/options\/[^/]+\/11$/.test(r.path))).toBe(true);
    const view = JSON.stringify(await handlers.getSettings({}));
    expect(view).not.toContain(DEMO.premium.token);
    expect(view).not.toContain(DEMO.premium.secret);
  });

  it('keeps the secret in session storage or on this device, as chosen, never in both', async () => {
    await handlers.saveSettings(input({ secretPersistence: 'session' }));
    expect(JSON.stringify(await storedIn('session'))).toContain(DEMO.premium.secret);
    expect(JSON.stringify(await storedIn('local'))).not.toContain(DEMO.premium.secret);

    await handlers.saveSettings(input({ secretPersistence: 'local', token: '', secret: '' }));
    expect(JSON.stringify(await storedIn('local'))).toContain(DEMO.premium.secret);
    expect(JSON.stringify(await storedIn('session'))).not.toContain(DEMO.premium.secret);
  });

  it('starts a new epoch of the profile when its account changes, not when other settings do', async () => {
    const epoch = async () => (await profilesItem.get()).list[0]?.epoch;
    await handlers.saveSettings(input());
    const first = await epoch();
    await handlers.saveSettings(input({ token: '', secret: '', premiumOverride: 'on' }));
    expect(await epoch()).toBe(first);
    await handlers.saveSettings(input({ token: DEMO.basic.token, secret: DEMO.basic.secret }));
    expect(await epoch()).toBe((first ?? 0) + 1);
  });

  it("removes what the previous account produced when the token changes to another account's, keeping drafts", async () => {
    await handlers.saveSettings(input());
    const id = (await profilesItem.get()).active ?? '';
    const building = { kind: 'building' as const, id: DEMO.buildings.juergen[0] };
    await labelsFamily.set({ [building.id]: 'Jürgens Haus' }, id);
    await currentTargetFamily.set(building, id);
    await placeholderFamily.set({ value: '-' }, id);
    const draft = { title: 'half typed', data: 'kept as a sign-out keeps it', savedAt: 1 };
    await draftFamily.set(draft, id, 'building', building.id, '4');
    await handlers.saveSettings(input({ premiumOverride: 'on' }));
    expect(await labelsFamily.get(id)).not.toBeNull();
    await handlers.saveSettings(input({ token: DEMO.basic.token, secret: DEMO.basic.secret }));
    expect(await labelsFamily.get(id)).toBeNull();
    expect(await currentTargetFamily.get(id)).toBeNull();
    expect(await placeholderFamily.get(id)).toBeNull();
    expect(await draftFamily.get(id, 'building', building.id, '4')).toEqual(draft);
    expect(JSON.stringify(await storedIn('session'))).toContain(DEMO.basic.secret);
  });

  it('detects no premium for the basic token, and the override wins over detection', async () => {
    const detected = await handlers.saveSettings(
      input({ token: DEMO.basic.token, secret: DEMO.basic.secret }),
    );
    expect(detected).toMatchObject({ ok: true, value: { detectedPremium: false, premium: false } });
    const forced = await handlers.saveSettings(input({ token: '', secret: '', premiumOverride: 'on' }));
    expect(forced).toMatchObject({ ok: true, value: { detectedPremium: false, premium: true } });
  });

  it('still saves when the API is unreachable, with premium unknown', async () => {
    sandbox.addFault({ path: '/building/list', kind: 'drop' });
    const result = await handlers.saveSettings(input());
    expect(result).toMatchObject({ ok: true, value: { hasToken: true, detectedPremium: null } });
  });
});

describe('forgetProfile', () => {
  it('removes token and secret from both areas', async () => {
    await handlers.saveSettings(input({ secretPersistence: 'local' }));
    const id = (await profilesItem.get()).active ?? '';
    const result = await handlers.forgetProfile({ id, deleteDraftsAndHistory: false });
    expect(result).toMatchObject({
      ok: true,
      value: { active: id, list: [{ id, hasToken: false, baseUrl: sandbox.url }] },
    });
    expect(await handlers.getSettings({})).toMatchObject({
      ok: true,
      value: { hasToken: false, hasSecret: false, baseUrl: sandbox.url },
    });
    expect(JSON.stringify(await storedIn('local'))).not.toContain(DEMO.premium.token);
    expect(JSON.stringify(await storedIn('session'))).not.toContain(DEMO.premium.token);
  });
});

describe('testConnection', () => {
  it('lists the buildings and finds no missing scope for the full premium token', async () => {
    const result = await handlers.testConnection(input());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.buildings.map((b) => b.id)).toEqual([...DEMO.buildings.juergen]);
    expect(result.value.premium).toBe(true);
    expect(result.value.missingScopes).toEqual([]);
  });

  it('names the tenant activity scope the read-only token lacks', async () => {
    const result = await handlers.testConnection(input({ token: DEMO.readonly.token }));
    expect(result).toMatchObject({ ok: true, value: { missingScopes: ['building.tenants.activity'] } });
  });

  it('leaves premium-only scopes unchecked without premium', async () => {
    const result = await handlers.testConnection(input({ token: DEMO.basic.token }));
    expect(result.ok && result.value.uncheckedScopes).toEqual(
      expect.arrayContaining(['building.tenants', 'building.bankaccount', 'building.options.edit']),
    );
    expect(result.ok && result.value.premium).toBe(false);
  });

  it('names a scope whose endpoint answers 403', async () => {
    sandbox.addFault({
      path: '/building/rooms/',
      kind: 'status',
      status: 403,
      body: '{"error":"missing_scope"}',
    });
    const result = await handlers.testConnection(input());
    expect(result).toMatchObject({ ok: true, value: { missingScopes: ['building.rooms'] } });
  });

  it('tests without saving anything', async () => {
    await handlers.testConnection(input());
    await expectNothingSaved();
  });
});

describe('API messages', () => {
  it('say what is missing before the extension is set up', async () => {
    expect(await handlers.listBuildings({})).toEqual({
      ok: false,
      error: { kind: 'notConfigured', missing: ['baseUrl', 'token'] },
    });
  });

  it('refuse to call an origin whose permission was withdrawn', async () => {
    await handlers.saveSettings(input());
    granted.clear();
    sandbox.clearLog();
    expect(await handlers.listBuildings({})).toMatchObject({
      ok: false,
      error: { kind: 'permissionMissing' },
    });
    expect(sandbox.log).toHaveLength(0);
  });

  it('read buildings and rooms through the stored configuration', async () => {
    await handlers.saveSettings(input());
    const rooms = await handlers.listRooms({ buildingId: DEMO.buildings.juergen[0] });
    expect(rooms.ok && rooms.value.length).toBeGreaterThan(0);
    expect(sandbox.log.at(-1)?.authorization).toBe(`Bearer ${DEMO.premium.token}`);
  });

  it('keep each answer in the profile’s cache, which pages show first', async () => {
    await handlers.saveSettings(input());
    const id = (await profilesItem.get()).active ?? '';
    const buildingId = DEMO.buildings.juergen[0];
    const details = await handlers.readBuilding({ buildingId });
    const list = await handlers.listBuildings({});
    if (!details.ok || !list.ok) throw new Error('read failed');
    expect((await readCached(id, ['details', buildingId], Building))?.value).toEqual(details.value);
    expect((await readCached(id, ['buildings'], z.array(BuildingListEntry)))?.value).toEqual(list.value);
    expect(await readCached('someone-else', ['buildings'], z.array(BuildingListEntry))).toBeNull();
  });

  it('write a slot with the stored secret, which only the worker adds', async () => {
    await handlers.saveSettings(input());
    const target = { kind: 'factory' as const, id: DEMO.factories.juergen[0] };
    const before = await handlers.readOption({ target, option: 2 });
    const expected = before.ok
      ? { title: before.value.title, data: before.value.data }
      : { title: '', data: '' };
    const written = await handlers.saveSlot({
      target,
      option: 2,
      title: 'Öffnungszeiten',
      data: 'Mo–Fr',
      expected,
    });
    expect(written).toMatchObject({ ok: true, value: { status: 'saved' } });
    const body = JSON.parse(sandbox.log.find((r) => r.method === 'POST')?.body ?? '{}');
    expect(body).toEqual({
      apiSecret: DEMO.premium.secret,
      factoryId: target.id,
      option: 2,
      title: 'Öffnungszeiten',
      data: 'Mo–Fr',
    });
    expect(await handlers.readOption({ target, option: 2 })).toMatchObject({
      ok: true,
      value: { title: 'Öffnungszeiten', data: 'Mo–Fr' },
    });
  });

  it('refuse a write when no secret is stored, without a request', async () => {
    await handlers.saveSettings(input({ secret: '' }));
    sandbox.clearLog();
    const written = await handlers.saveSlot({
      target: { kind: 'building', id: DEMO.buildings.juergen[0] },
      option: 1,
      title: 't',
      data: 'd',
      expected: { title: '', data: '' },
    });
    expect(written).toEqual({ ok: false, error: { kind: 'notConfigured', missing: ['secret'] } });
    expect(sandbox.log).toHaveLength(0);
  });
});
