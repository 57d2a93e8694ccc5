/** The dashboard store (on a page context with its current target), with a scripted worker and the answer cache. */
import { effect } from '@preact/signals';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { CurrentTarget } from '../../components/page/current-target';
import { DashboardStore } from '../../components/dashboard/dashboard-store';
import { PageContext } from '../../components/page/context';
import { currentTargetItem } from '../../lib/storage/current-target';
import { dashboardTabItem } from '../../lib/storage/dashboard-tab';
import type { Send } from '../../lib/messaging/page-client';
import { writeCached } from '../../lib/storage/cache';

const NOW = 1_750_000_000_000;
const P = 'p-1';
const building = {
  id: 'b-1',
  hash: 'h',
  label: 'Haus',
  address: 'Weg 1',
  area: 'Mitte',
  garageSlots: 1,
  price: 10,
  totalRooms: 2,
  occupiedRooms: 1,
  freeRooms: 1,
};

beforeEach(() => fakeBrowser.reset());

function scriptedSend(answers: Record<string, () => unknown>) {
  const calls: string[] = [];
  const send = vi.fn(async (type: string) => {
    calls.push(type);
    const answer = answers[type];
    return answer ? answer() : { ok: false, error: { kind: 'network', message: 'offline' } };
  }) as unknown as Send;
  return { send, calls };
}

const settings = (premium: boolean, detected: boolean | null) => ({
  ok: true,
  value: {
    baseUrl: 'http://127.0.0.1',
    hasToken: true,
    hasSecret: false,
    secretPersistence: 'session',
    premiumOverride: 'auto',
    detectedPremium: detected,
    premium,
  },
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('dashboard store', () => {
  it('shows cached data at once and revalidates when stale', async () => {
    await writeCached(P, ['buildings'], [{ id: 'b-1', label: 'Haus' }], NOW - 10 * 60_000);
    await writeCached(P, ['details', 'b-1'], { ...building, label: 'Alt' }, NOW - 10 * 60_000);
    let release: (v: unknown) => void = () => undefined;
    const { send, calls } = scriptedSend({
      getSettings: () => settings(true, true),
      listBuildings: () => ({ ok: true, value: [{ id: 'b-1', label: 'Haus' }] }),
      readBuilding: () => new Promise((resolve) => (release = resolve)),
      listRooms: () => ({ ok: true, value: [] }),
      listTenants: () => ({ ok: true, value: [] }),
      listBankAccounts: () => ({ ok: true, value: [] }),
    });
    const store = new DashboardStore({ page: new PageContext({ send, profileId: P, now: () => NOW }) });
    await store.start();
    await flush();
    expect(store.shownId.value).toBe('b-1');
    expect(store.sections.details.value).toMatchObject({
      status: 'ready',
      refreshing: true,
      value: { label: 'Alt' },
    });
    release({ ok: true, value: building });
    await flush();
    expect(store.sections.details.value).toMatchObject({
      status: 'ready',
      refreshing: false,
      savedAt: NOW,
      value: { label: 'Haus' },
    });
    expect(calls.filter((c) => c === 'readBuilding')).toHaveLength(1);
  });

  it('does not ask again for fresh data; a failed refresh keeps the data', async () => {
    await writeCached(P, ['details', 'b-1'], building, NOW - 1000);
    const { send, calls } = scriptedSend({
      getSettings: () => settings(true, true),
      listBuildings: () => ({ ok: true, value: [{ id: 'b-1' }] }),
    });
    const store = new DashboardStore({ page: new PageContext({ send, profileId: P, now: () => NOW }) });
    await store.start();
    await flush();
    expect(calls).not.toContain('readBuilding');
    expect(store.sections.details.value).toMatchObject({ status: 'ready', refreshing: false });
    expect(store.sections.rooms.value).toEqual({
      status: 'error',
      error: { kind: 'network', message: 'offline' },
    });
    store.retry('details');
    await flush();
    expect(store.sections.details.value).toMatchObject({
      status: 'ready',
      value: building,
      refreshError: { kind: 'network' },
    });
  });

  it('without premium, premium sections are not requested; a 403 without premium means not premium', async () => {
    const { send, calls } = scriptedSend({
      getSettings: () => settings(false, false),
      listBuildings: () => ({ ok: true, value: [{ id: 'b-1' }] }),
    });
    const store = new DashboardStore({ page: new PageContext({ send, profileId: P, now: () => NOW }) });
    await store.start();
    await flush();
    expect(store.sections.tenants.value).toEqual({ status: 'notPremium' });
    expect(store.sections.accounts.value).toEqual({ status: 'notPremium' });
    expect(calls).not.toContain('listTenants');

    const forbidden = {
      ok: false,
      error: { kind: 'forbidden', scopes: [], premium: 'required', message: '' },
    };
    const unknown = scriptedSend({
      getSettings: () => settings(false, null),
      listBuildings: () => ({ ok: true, value: [{ id: 'b-1' }] }),
      listTenants: () => forbidden,
    });
    fakeBrowser.reset();
    const second = new DashboardStore({
      page: new PageContext({ send: unknown.send, profileId: P, now: () => NOW }),
    });
    await second.start();
    await flush();
    expect(unknown.calls).toContain('listTenants');
    expect(second.sections.tenants.value).toEqual({ status: 'notPremium' });
  });

  it('remembers the chosen building and pages transactions within the bounds', async () => {
    const { send } = scriptedSend({
      getSettings: () => settings(true, true),
      listBuildings: () => ({ ok: true, value: [{ id: 'b-1' }, { id: 'b-2' }] }),
      listTransactions: () => ({ ok: true, value: { total: 0, transactions: [] } }),
    });
    const store = new DashboardStore({ page: new PageContext({ send, profileId: P, now: () => NOW }) });
    await store.start();
    store.select('b-2');
    await flush();
    await expect.poll(() => currentTargetItem(P).get()).toEqual({ kind: 'building', id: 'b-2' });
    store.openAccount('acc-1');
    store.pageTransactions(400);
    await flush();
    expect(store.transactions.value).toMatchObject({ bankId: 'acc-1', skip: 200, page: { status: 'ready' } });
    expect(send).toHaveBeenLastCalledWith('listTransactions', { bankId: 'acc-1', limit: 25, skip: 200 });

    const reopened = new DashboardStore({
      page: new PageContext({ send, profileId: P, now: () => NOW }),
    });
    await reopened.start();
    expect(reopened.shownId.value).toBe('b-2');
  });

  it('shares one current target: a factory chosen elsewhere keeps the building shown, a building follows', async () => {
    const { send } = scriptedSend({
      getSettings: () => settings(true, true),
      listBuildings: () => ({ ok: true, value: [{ id: 'b-1' }, { id: 'b-2' }] }),
    });
    const current = new CurrentTarget(P);
    const page = new PageContext({ send, profileId: P, now: () => NOW, current });
    const store = new DashboardStore({ page });
    await store.start();
    expect(current.target.value).toEqual({ kind: 'building', id: 'b-1' });
    current.choose({ kind: 'factory', id: 'f-501' });
    expect(store.shownId.value).toBe('b-1');
    current.choose({ kind: 'building', id: 'b-2' });
    expect(store.shownId.value).toBe('b-2');
    expect(page.buildings.list.value).toMatchObject({
      status: 'ready',
      value: [{ id: 'b-1' }, { id: 'b-2' }],
    });
    expect(page.settings.value).toMatchObject({
      status: 'ready',
      value: { premium: true },
    });
    store[Symbol.dispose]();
  });

  it('reopens a remembered factory with the first building shown, and the tab last chosen in that view', async () => {
    await currentTargetItem(P).set({ kind: 'factory', id: 'f-501' });
    const { send } = scriptedSend({
      getSettings: () => settings(true, true),
      listBuildings: () => ({ ok: true, value: [{ id: 'b-1' }] }),
    });
    const store = new DashboardStore({
      page: new PageContext({ send, profileId: P, now: () => NOW }),
      view: 'popup',
    });
    await store.start();
    expect(store.shownId.value).toBe('b-1');
    expect(await currentTargetItem(P).get()).toEqual({ kind: 'factory', id: 'f-501' });
    expect(store.tab.value).toBe('building');
    store.chooseTab('slots');
    await expect.poll(() => dashboardTabItem('popup').get()).toBe('slots');
    const reopened = new DashboardStore({
      page: new PageContext({ send, profileId: P, now: () => NOW }),
      view: 'popup',
    });
    await reopened.start();
    const sidePanel = new DashboardStore({
      page: new PageContext({ send, profileId: P, now: () => NOW }),
      view: 'sidepanel',
    });
    await sidePanel.start();
    await expect.poll(() => reopened.tab.value).toBe('slots');
    await flush();
    expect(sidePanel.tab.value).toBe('building');
  });
});

describe('dashboard store started from the first view', () => {
  const seed = (label: string) => ({
    tab: null,
    view: {
      profileId: P,
      epoch: 0,
      target: null,
      buildings: { savedAt: NOW - 1_000, value: [{ id: 'b-1' }, { id: 'b-2' }] },
      details: { buildingId: 'b-1', savedAt: NOW - 1_000, value: { ...building, label } },
    },
  });
  const answers = {
    getSettings: () => settings(true, true),
    listBuildings: () => ({ ok: true, value: [{ id: 'b-1' }, { id: 'b-2' }] }),
    readBuilding: () => ({ ok: true, value: { ...building, id: 'b-2', label: 'Zwei' } }),
  };

  it('shows it before starting, then checks it through the cache without blanking it', async () => {
    await writeCached(P, ['buildings'], [{ id: 'b-1' }, { id: 'b-2' }], NOW);
    await writeCached(P, ['details', 'b-1'], { ...building, label: 'Haus' }, NOW);
    const { send, calls } = scriptedSend(answers);
    const store = new DashboardStore({
      page: new PageContext({ send, profileId: P, now: () => NOW, first: seed('Alt').view }),
    });
    expect(store.shownId.value).toBe('b-1');
    expect(store.sections.details.value).toMatchObject({ status: 'ready', value: { label: 'Alt' } });
    const states: string[] = [];
    const stop = effect(() => void states.push(store.sections.details.value.status));
    await store.start();
    await flush();
    stop();
    expect(states).not.toContain('loading');
    expect(store.sections.details.value).toMatchObject({ status: 'ready', value: { label: 'Haus' } });
    // Fresh in the cache: no message for them; the shown building became the current target.
    expect(calls).not.toContain('readBuilding');
    expect(calls).not.toContain('listBuildings');
    expect(await currentTargetItem(P).get()).toEqual({ kind: 'building', id: 'b-1' });
  });

  it('gives way to the stored current target when another building is current', async () => {
    await currentTargetItem(P).set({ kind: 'building', id: 'b-2' });
    const { send, calls } = scriptedSend(answers);
    const store = new DashboardStore({
      page: new PageContext({ send, profileId: P, now: () => NOW, first: seed('Alt').view }),
    });
    await store.start();
    await expect.poll(() => store.sections.details.value).toMatchObject({ value: { label: 'Zwei' } });
    expect(store.shownId.value).toBe('b-2');
    expect(calls).toContain('readBuilding');
  });
});
