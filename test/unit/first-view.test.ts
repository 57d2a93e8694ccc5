/**
 * The popup's first view: the worker keeps the item in step with what it stores (against the real
 * sandbox over HTTP, storage from wxt's fake browser) and removes it with the account's data; the
 * page's hand check takes only an intact item of the active profile in its current epoch.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import type { SettingsInput } from '../../lib/messaging/protocol';
import { enforceBudgets, profileBudgets } from '../../lib/storage/storage-room';
import { cacheFamily, writeCached } from '../../lib/storage/cache';
import { currentTargetItem } from '../../lib/storage/current-target';
import { type FirstView, firstViewItem, refreshFirstView, withFirstView } from '../../lib/storage/first-view';
import { firstViewOf, readFirstView } from '../../lib/storage/first-view-read';
import { FIRST_VIEW_KEY } from '../../lib/storage/page-keys';
import { profilesItem } from '../../lib/storage/profiles';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { settingsInput } from './worker-helpers';

const sandbox = useSandbox();
const deps: WorkerDeps = { hasOriginPermission: async () => true, timeoutMs: 3_000 };
const handlers = createHandlers(deps);
const [FIRST, SECOND] = DEMO.buildings.juergen;

const input = (overrides: Partial<SettingsInput> = {}) => settingsInput(sandbox, overrides);

async function configure(overrides: Partial<SettingsInput> = {}): Promise<string> {
  const saved = await handlers.saveSettings(input(overrides));
  expect(saved.ok).toBe(true);
  return (await profilesItem.get()).active ?? '';
}

/** The item once every compose the worker started has run. */
async function stored(): Promise<FirstView | null> {
  await withFirstView(async () => undefined);
  return firstViewItem.get();
}

/** The popup's first render: the list and the current building's details, cached by the worker. */
async function openPopupOnce(): Promise<void> {
  expect((await handlers.listBuildings({})).ok).toBe(true);
  expect((await handlers.readBuilding({ buildingId: FIRST ?? '' })).ok).toBe(true);
}

beforeEach(() => fakeBrowser.reset());

describe('the worker keeps the first view', () => {
  it('writes the list and the shown building’s details with their read times, and no credentials', async () => {
    const id = await configure();
    const before = Date.now();
    await openPopupOnce();
    const view = await stored();
    expect(view).toMatchObject({
      profileId: id,
      epoch: (await profilesItem.get()).list[0]?.epoch,
      target: null,
      details: { buildingId: FIRST, value: { id: FIRST, totalRooms: expect.any(Number) } },
    });
    expect(view?.buildings.value.map((b) => b.id)).toEqual(DEMO.buildings.juergen);
    expect(view?.buildings.savedAt).toBeGreaterThanOrEqual(before);
    expect(view?.details?.savedAt).toBeGreaterThanOrEqual(before);
    const raw = JSON.stringify(await fakeBrowser.storage.local.get(FIRST_VIEW_KEY));
    expect(raw).not.toContain(DEMO.premium.token);
    expect(raw).not.toContain(DEMO.premium.secret);
  });

  it('is not written again while what it shows is unchanged (open pages see no change)', async () => {
    await configure();
    await openPopupOnce();
    await stored();
    const writes = vi.spyOn(fakeBrowser.storage.local, 'set');
    await refreshFirstView();
    expect(writes).not.toHaveBeenCalled();
    writes.mockRestore();
  });

  it('follows the current target: its details when cached, none until they are read', async () => {
    const id = await configure();
    await openPopupOnce();
    await currentTargetItem(id).set({ kind: 'building', id: SECOND ?? '' });
    await refreshFirstView(); // what the worker's watcher of the current target does
    expect((await stored())?.details).toBeNull();
    await handlers.readBuilding({ buildingId: SECOND ?? '' });
    expect(await stored()).toMatchObject({
      target: { kind: 'building', id: SECOND },
      details: { buildingId: SECOND },
    });
  });

  it('is removed by the sign-out, even while a compose is under way', async () => {
    const id = await configure();
    await openPopupOnce();
    void refreshFirstView();
    await handlers.forgetProfile({ id, deleteDraftsAndHistory: false });
    expect(await stored()).toBeNull();
    expect(await fakeBrowser.storage.local.get(FIRST_VIEW_KEY)).toEqual({});
  });

  it('is removed when the account changes (another token)', async () => {
    await configure();
    await openPopupOnce();
    await configure({ token: DEMO.basic.token, secret: DEMO.basic.secret });
    expect(await stored()).toBeNull();
  });

  it('belongs to the active profile: a switch shows the other one’s, or none', async () => {
    const first = await configure();
    await openPopupOnce();
    const added = await handlers.addProfile({ name: 'Zweit' });
    const second = added.ok ? (added.value.list.find((p) => p.id !== first)?.id ?? '') : '';
    await handlers.activateProfile({ id: second });
    expect(await stored()).toBeNull();
    await handlers.activateProfile({ id: first });
    expect((await stored())?.profileId).toBe(first);
    await handlers.removeProfile({ id: first });
    expect(await stored()).toBeNull();
  });

  it('goes with the answers a later cache write evicts to stay within the budget', async () => {
    const id = await configure();
    await openPopupOnce();
    expect(await stored()).not.toBeNull();
    const budget = (await profileBudgets()).cache;
    const big = 'x'.repeat(150_000);
    for (let i = 0; i * 150_000 <= budget; i++)
      await writeCached(id, ['rooms', `b-${i}`], big, Date.now() + i);
    expect(await cacheFamily.get(id, 'buildings')).toBeNull();
    expect(await stored()).toBeNull();
  });

  it('goes with the cached answers: cleared in "Stored data", evicted by the budget, and counted there', async () => {
    const id = await configure();
    await openPopupOnce();
    const usage = await handlers.profileStorage({ id });
    expect(usage.ok && usage.value.families.firstView).toMatchObject({ count: 1 });
    expect(usage.ok && usage.value.families.firstView?.bytes).toBeGreaterThan(100);

    const budget = (await profileBudgets()).cache;
    await cacheFamily.set({ savedAt: 1, value: 'x'.repeat(budget) }, id, 'rooms', 'old');
    await enforceBudgets(id);
    expect(await cacheFamily.get(id, 'rooms', 'old')).toBeNull();
    expect(await stored()).not.toBeNull(); // the oldest answer went; the list and details stay

    await cacheFamily.set({ savedAt: Date.now(), value: 'x'.repeat(budget) }, id, 'rooms', 'new');
    await enforceBudgets(id);
    expect(await stored()).toBeNull(); // the list and details were older: evicted, and the view with them

    await openPopupOnce();
    expect(await stored()).not.toBeNull();
    await handlers.clearProfileData({ id, families: ['cache'] });
    expect(await stored()).toBeNull();
    const cleared = await handlers.profileStorage({ id });
    expect(cleared.ok && cleared.value.families.firstView).toBeUndefined();
  });
});

describe('the page’s hand check', () => {
  const profiles = { active: 'p-1', list: [{ id: 'p-1', name: 'Eins', color: '#2f6fdf', epoch: 2 }] };
  const valid = (): FirstView => ({
    profileId: 'p-1',
    epoch: 2,
    target: { kind: 'building', id: 'b-1' },
    buildings: {
      savedAt: 5,
      value: [
        { id: 'b-1', label: 'Haus' },
        { id: 'b-2', hash: 'Flat_2' },
      ],
    },
    details: {
      buildingId: 'b-1',
      savedAt: 6,
      value: {
        id: 'b-1',
        hash: 'Haus_1',
        label: 'Haus',
        address: 'Weg 1',
        area: 'Nord',
        garageSlots: 2,
        price: 1000.5,
        totalRooms: 4,
        occupiedRooms: 3,
        freeRooms: 1,
      },
    },
  });
  const check = (value: unknown, hint: typeof profiles | null = profiles) =>
    firstViewOf({ v: 1, value }, hint);

  it('takes an intact item of the active profile in its epoch, with or without details', () => {
    expect(check(valid())).toEqual(valid());
    expect(check({ ...valid(), details: null, target: null })).not.toBeNull();
  });

  it('ignores another profile, an older epoch, or no active profile', () => {
    expect(check({ ...valid(), profileId: 'p-2' })).toBeNull();
    expect(check({ ...valid(), epoch: 1 })).toBeNull();
    expect(check(valid(), null)).toBeNull();
  });

  it('ignores an item of any other shape', () => {
    const broken: ((view: FirstView) => unknown)[] = [
      (v) => ({ ...v, target: { kind: 'house', id: 'b-1' } }),
      (v) => ({ ...v, target: { kind: 'building', id: ' ' } }),
      (v) => ({ ...v, buildings: { ...v.buildings, savedAt: 'now' } }),
      (v) => ({ ...v, buildings: { ...v.buildings, value: [{ id: 7 }] } }),
      (v) => ({ ...v, buildings: { ...v.buildings, value: [{ id: 'b-1', label: {} }] } }),
      (v) => ({ ...v, buildings: { ...v.buildings, value: 'b-1' } }),
      (v) => ({ ...v, details: { ...v.details, value: { ...v.details?.value, totalRooms: 2.5 } } }),
      (v) => ({ ...v, details: { ...v.details, value: { ...v.details?.value, price: '1000' } } }),
      (v) => ({ ...v, details: { ...v.details, value: { ...v.details?.value, label: null } } }),
      (v) => ({ ...v, details: { ...v.details, buildingId: 'b-9' } }),
      (v) => ({ ...v, details: { ...v.details, savedAt: -1 } }),
    ];
    for (const change of broken) expect(check(change(valid()))).toBeNull();
    expect(firstViewOf({ v: 2, value: valid() }, profiles)).toBeNull();
    expect(firstViewOf(valid(), profiles)).toBeNull();
  });

  it('reads profiles, the item and the remembered tab together, the item only when it matches', async () => {
    const id = await configure();
    await openPopupOnce();
    await fakeBrowser.storage.local.set({ 'dashboard.tab.popup': { v: 1, value: 'slots' } });
    await withFirstView(async () => undefined);
    const read = await readFirstView('popup');
    expect(read).toMatchObject({ profiles: { active: id }, firstView: { profileId: id }, tab: 'slots' });

    // The item of an epoch the profile has left (a sign-out whose removal did not happen) is ignored.
    const item = await fakeBrowser.storage.local.get(FIRST_VIEW_KEY);
    await handlers.forgetProfile({ id, deleteDraftsAndHistory: false });
    await fakeBrowser.storage.local.set(item);
    expect(await readFirstView('popup')).toMatchObject({ profiles: { active: id }, firstView: null });
  });
});
