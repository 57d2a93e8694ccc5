/**
 * The portfolio's background refresh against the sandbox's landlord over HTTP, with a real request
 * scheduler and the extension's storage from wxt's fake browser; the clock is moved by the test.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RequestScheduler } from '../../lib/api/scheduler';
import { createHandlers } from '../../lib/handlers';
import type { PortfolioAlert } from '../../lib/portfolio/alerts';
import { type PortfolioDeps, createPortfolioService } from '../../lib/portfolio/refresh';
import { loadTable } from '../../lib/portfolio/table-store';
import { cacheFamily } from '../../lib/storage/cache';
import { alertBaselineFamily, portfolioSettingsItem } from '../../lib/storage/portfolio';
import { profilesItem } from '../../lib/storage/profiles';
import { originPattern } from '../../lib/storage/settings';
import { LANDLORD, applyChange } from '../sandbox/landlord';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { settingsInput } from './worker-helpers';

const sandbox = useSandbox();
const refreshPortfolio = (d: PortfolioDeps) => createPortfolioService(d).refresh();
const refreshRow = (d: PortfolioDeps, profileId: string, buildingId: string) =>
  createPortfolioService(d).refreshRow(profileId, buildingId);
const MIN = 60_000;
let clock: number;
let alerts: PortfolioAlert[];
let deps: PortfolioDeps;

/** The options form of the landlord, whose key allows `requestsPerMinute`. */
const landlord = (requestsPerMinute: number | null, premium = true) =>
  settingsInput(sandbox, {
    token: LANDLORD.token,
    secret: LANDLORD.secret,
    premiumOverride: premium ? 'on' : 'off',
    requestsPerMinute,
  });

async function signIn(requestsPerMinute: number | null, premium = true): Promise<string> {
  const handlers = createHandlers(deps);
  const saved = await handlers.saveSettings(landlord(requestsPerMinute, premium));
  if (!saved.ok) throw new Error(JSON.stringify(saved.error));
  // The portfolio tab was opened once: from now on the refresh keeps it.
  await handlers.getPortfolio({});
  sandbox.clearLog();
  return saved.value.profileId;
}

/** Requests the sandbox answered more than once since its log was cleared. */
function sentTwice(): string[] {
  const counts = new Map<string, number>();
  for (const { method, path } of sandbox.log)
    counts.set(`${method} ${path}`, (counts.get(`${method} ${path}`) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > 1).map(([request, n]) => `${request} ×${n}`);
}

beforeEach(() => {
  fakeBrowser.reset();
  clock = Date.now();
  alerts = [];
  deps = {
    hasOriginPermission: async (pattern) => pattern === originPattern(sandbox.url),
    scheduler: new RequestScheduler(),
    timeoutMs: 2_000,
    now: () => clock,
    notify: async (alert) => {
      alerts.push(alert);
    },
  };
});

describe('refreshPortfolio', () => {
  it('sends nothing for an account whose portfolio was never shown', async () => {
    const handlers = createHandlers(deps);
    await handlers.saveSettings(landlord(600));
    sandbox.clearLog();
    expect(await refreshPortfolio(deps)).toEqual({ wakeAt: null });
    expect(sandbox.log).toEqual([]);
  });

  it('makes the rows from a fresh cached building list when the tab opens, sending nothing', async () => {
    const handlers = createHandlers(deps);
    await handlers.saveSettings(landlord(10));
    await handlers.listBuildings({}); // the page's own list, as the dashboard reads it on opening
    sandbox.clearLog();
    const opened = await handlers.getPortfolio({});
    expect(opened.ok && opened.value?.rows.map((r) => r.id)).toEqual(LANDLORD.buildings);
    expect(sandbox.log).toEqual([]);
  });

  it("shares the page's building list read under way: the page and the refresh at once send one", async () => {
    // One clock for the page's answers and the refresh (the page's read may end first).
    deps = { ...deps, now: () => Date.now() };
    const handlers = createHandlers(deps);
    await handlers.saveSettings(landlord(600));
    await handlers.getPortfolio({});
    sandbox.clearLog();
    // The dashboard opens on the Portfolio tab: its list read and the refresh's start together.
    const [page] = await Promise.all([handlers.listBuildings({}), refreshPortfolio(deps)]);
    expect(page.ok && page.value.map((b) => b.id)).toEqual(LANDLORD.buildings);
    expect(sandbox.log.filter((r) => r.path.startsWith('/building/list'))).toHaveLength(1);
  });

  it("shares the page's read of a building under way: the page and the round at once send one", async () => {
    deps = { ...deps, now: () => Date.now() };
    const profileId = await signIn(600);
    const handlers = createHandlers(deps);
    sandbox.setLatency(100);
    // The dashboard opens on the Portfolio tab and shows the building the user opened last (the
    // third): its rooms are read after its details, as the round reads them.
    const shown = LANDLORD.buildings[2] as string;
    const detailsRead = async () => {
      for (;;) {
        const row = (await loadTable(profileId))?.rows.find((r) => r.id === shown);
        if (row?.checkedAt.details !== undefined) return;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    await Promise.all([
      refreshPortfolio(deps),
      detailsRead().then(() => handlers.listRooms({ buildingId: shown })),
    ]);
    expect(sentTwice()).toEqual([]);
    expect(sandbox.log).toHaveLength(1 + 12 * 4);
  });

  it('uses at most its share of the budget per window, then says when to go on', async () => {
    const profileId = await signIn(10);
    deps.scheduler = new RequestScheduler(); // the sign-in's own requests are not in this window
    const { wakeAt } = await refreshPortfolio(deps);
    expect(sandbox.log.length).toBe(5);
    expect(wakeAt).toBeGreaterThan(Date.now() + 50_000);
    const table = await loadTable(profileId);
    expect(table?.rows.map((r) => r.id)).toEqual(LANDLORD.buildings);
    expect(table?.paused).toBe('budget');
    expect(table?.resumesAt).toBe(wakeAt);
    expect(table?.round).toEqual({ requests: 37, minutes: 7.4 });
  });

  it('fills every row (details, rooms, tenants, accounts), then reads nothing while fresh', async () => {
    const profileId = await signIn(600);
    await refreshPortfolio(deps);
    expect(sandbox.log.length).toBe(1 + 12 * 4);
    const table = await loadTable(profileId);
    const first = table?.rows[0];
    expect(first?.name).toBe('Lindenallee 1');
    expect(first?.figures.roomsTotal).toBe(6);
    expect(first?.figures.late).toBe(0);
    expect(first?.updatedAt).toBe(clock);
    expect(table?.rows.reduce((sum, r) => sum + (r.figures.late ?? 0), 0)).toBe(LANDLORD.lateRooms.length);
    expect(table?.paused).toBeNull();

    sandbox.clearLog();
    const { wakeAt } = await refreshPortfolio(deps);
    expect(sandbox.log.length).toBe(0);
    expect(wakeAt).toBe(clock + 5 * MIN);

    // Five minutes on: the list, rooms, tenants and accounts again; details are kept for hours.
    clock += 5 * MIN;
    await refreshPortfolio(deps);
    expect(sandbox.log.length).toBe(1 + 12 * 3);
    expect(sandbox.log.some((entry) => entry.path.includes('/details/'))).toBe(false);
  });

  it('alerts a freed room once, never again, and not a change found while alerts were off', async () => {
    await signIn(600);
    await portfolioSettingsItem.set({ ...(await portfolioSettingsItem.get()), alerts: true });
    await refreshPortfolio(deps);
    expect(alerts).toEqual([]);

    sandbox.changeData((data) => applyChange(data, { kind: 'room', roomId: LANDLORD.letRoom, tenant: null }));
    clock += 5 * MIN;
    await refreshPortfolio(deps);
    expect(alerts).toEqual([
      {
        profileId: expect.any(String),
        buildingId: 'b-3001',
        building: 'Lindenallee 1',
        kind: 'freed',
        rooms: ['Zimmer 1'],
      },
    ]);
    clock += 5 * MIN;
    await refreshPortfolio(deps);
    expect(alerts.length).toBe(1);

    await portfolioSettingsItem.set({ ...(await portfolioSettingsItem.get()), alerts: false });
    sandbox.changeData((data) =>
      applyChange(data, {
        kind: 'payment',
        roomId: 'r-3001-02',
        lastPayDate: new Date(clock - 10 * 86_400_000).toISOString(),
      }),
    );
    clock += 5 * MIN;
    await refreshPortfolio(deps);
    await portfolioSettingsItem.set({ ...(await portfolioSettingsItem.get()), alerts: true });
    clock += 5 * MIN;
    await refreshPortfolio(deps);
    expect(alerts.length).toBe(1);
  });

  it("drops a sold building's row; a building answering 404 keeps its other columns", async () => {
    const profileId = await signIn(600);
    await refreshPortfolio(deps);
    sandbox.changeData((data) => applyChange(data, { kind: 'sell', buildingId: 'b-3012' }));
    sandbox.addFault({
      path: '/building/tenants/b-3001',
      kind: 'status',
      status: 404,
      body: '{"message":"not found"}',
    });
    clock += 5 * MIN;
    await refreshPortfolio(deps);
    const table = await loadTable(profileId);
    expect(table?.rows.map((r) => r.id)).toEqual(LANDLORD.buildings.slice(0, 11));
    const first = table?.rows[0];
    expect(first?.problems).toEqual({ tenants: 'notFound' });
    expect(first?.figures.roomsTotal).toBe(6);
    expect(first?.figures.tenants).not.toBeNull();
  });

  it("keeps a row's last known figures when its answers were evicted from the cache", async () => {
    const profileId = await signIn(600);
    await refreshPortfolio(deps);
    const before = (await loadTable(profileId))?.rows[0];
    expect(before?.figures.rentLet).not.toBeNull();
    // The cache's budget evicted the building's answers (oldest first), and reading them again fails.
    for (const resource of ['details', 'rooms', 'tenants', 'accounts'])
      await cacheFamily.remove(profileId, resource, 'b-3001');
    for (const part of ['details', 'rooms', 'tenants', 'bankaccounts'])
      sandbox.addFault({
        path: `/building/${part}/`,
        kind: 'status',
        status: 404,
        body: '{"message":"gone"}',
      });
    clock += 5 * MIN;
    await refreshPortfolio(deps);
    const after = (await loadTable(profileId))?.rows[0];
    expect(after?.problems).toMatchObject({ rooms: expect.any(String) });
    expect(after?.figures).toEqual(before?.figures);
    expect(after?.area).toBe(before?.area);
    expect(after?.updatedAt).toBe(before?.updatedAt);
  });

  it("keeps a building's alert baseline of a newer version untouched, skips its alerts and fills every row", async () => {
    const profileId = await signIn(600);
    await portfolioSettingsItem.set({ ...(await portfolioSettingsItem.get()), alerts: true });
    // Stored by a newer version of the extension (a downgrade, a synced profile).
    const key = alertBaselineFamily.key(profileId, 'b-3001');
    const newer = { v: 99, value: { free: [], seenBy: 'the future' } };
    await fakeBrowser.storage.local.set({ [key]: newer });
    await refreshPortfolio(deps);
    const rows = (await loadTable(profileId))?.rows ?? [];
    expect(rows.map((r) => r.id)).toEqual(LANDLORD.buildings);
    expect(rows.every((r) => r.figures.roomsTotal !== null && r.figures.tenants !== null)).toBe(true);
    expect((await fakeBrowser.storage.local.get(key))[key]).toEqual(newer);
    // Every other building's alerts go on: a room freed in the second building is told.
    sandbox.changeData((data) => applyChange(data, { kind: 'room', roomId: 'r-3002-01', tenant: null }));
    sandbox.changeData((data) => applyChange(data, { kind: 'room', roomId: LANDLORD.letRoom, tenant: null }));
    clock += 5 * MIN;
    await refreshPortfolio(deps);
    expect(alerts.map((a) => [a.buildingId, a.kind])).toEqual([['b-3002', 'freed']]);
    expect((await fakeBrowser.storage.local.get(key))[key]).toEqual(newer);
  });

  it("fills every row when one building's rents sum past the largest number; that rent roll is unknown", async () => {
    const profileId = await signIn(600);
    // Two rents of 1e308 (valid JSON numbers): the let rooms' rent roll of the first building is Infinity.
    sandbox.changeData((data) => {
      const first = data.buildings.find((b) => b.id === LANDLORD.buildings[0]);
      for (const room of first?.rooms.filter((r) => r.tenant).slice(0, 2) ?? []) room.rent = 1e308;
    });
    await refreshPortfolio(deps);
    const rows = (await loadTable(profileId))?.rows ?? [];
    expect(rows.map((r) => r.id)).toEqual(LANDLORD.buildings);
    expect(rows.every((r) => r.figures.roomsTotal !== null && r.figures.tenants !== null)).toBe(true);
    expect(rows[0]?.figures.rentLet).toBeNull();
    expect(rows[0]?.figures.rentEmpty).not.toBeNull();
    expect(rows[1]?.figures.rentLet).toBeGreaterThan(0);
  });

  it('stops when off or signed out, and a sign-out removes every row', async () => {
    const profileId = await signIn(600);
    await portfolioSettingsItem.set({ ...(await portfolioSettingsItem.get()), refresh: false });
    expect(await refreshPortfolio(deps)).toEqual({ wakeAt: null });
    expect(sandbox.log.length).toBe(0);
    await portfolioSettingsItem.set({ ...(await portfolioSettingsItem.get()), refresh: true });
    await refreshPortfolio(deps);
    const handlers = createHandlers(deps);
    await handlers.forgetProfile({ id: profileId, deleteDraftsAndHistory: false });
    sandbox.clearLog();
    expect(await refreshPortfolio(deps)).toEqual({ wakeAt: null });
    expect(sandbox.log.length).toBe(0);
    expect(await loadTable(profileId)).toBeNull();
    expect((await profilesItem.get()).list.length).toBeGreaterThan(0);
  });
});

describe('a changed account', () => {
  it("shows none of the previous account's rows after the profile's token changes to another account's", async () => {
    const profileId = await signIn(600);
    await refreshPortfolio(deps);
    expect((await loadTable(profileId))?.rows.length).toBe(12);
    const handlers = createHandlers(deps);
    // Same profile, same address, another account's token (Jürgen's three buildings).
    const saved = await handlers.saveSettings(settingsInput(sandbox, { premiumOverride: 'on' }));
    expect(saved.ok && saved.value.profileId).toBe(profileId);
    expect(await loadTable(profileId)).toBeNull();
    const opened = await handlers.getPortfolio({});
    expect(opened.ok && opened.value?.rows.map((r) => r.id)).not.toContain(LANDLORD.buildings[0]);
    await refreshPortfolio(deps);
    expect((await loadTable(profileId))?.rows.map((r) => r.id)).toEqual(DEMO.buildings.juergen);
  });
});

describe('refreshRow', () => {
  it('alerts a freed room of a building whose rooms the building view read before the refresh', async () => {
    const profileId = await signIn(600);
    await portfolioSettingsItem.set({ ...(await portfolioSettingsItem.get()), alerts: true });
    // The dashboard shows the first building: its answers are cached, fresh, and the refresh reuses them.
    const handlers = createHandlers(deps);
    for (const read of [
      handlers.readBuilding,
      handlers.listRooms,
      handlers.listTenants,
      handlers.listBankAccounts,
    ])
      await read({ buildingId: 'b-3001' });
    await refreshPortfolio(deps);
    sandbox.changeData((data) => applyChange(data, { kind: 'room', roomId: LANDLORD.letRoom, tenant: null }));
    await refreshRow(deps, profileId, 'b-3001');
    expect(alerts.map((a) => [a.buildingId, a.kind, a.rooms])).toEqual([['b-3001', 'freed', ['Zimmer 1']]]);
  });

  it("alerts a freed room once when the user's refresh reads rooms and tenants at once", async () => {
    const profileId = await signIn(600);
    await portfolioSettingsItem.set({ ...(await portfolioSettingsItem.get()), alerts: true });
    await refreshPortfolio(deps);
    sandbox.changeData((data) => applyChange(data, { kind: 'room', roomId: LANDLORD.letRoom, tenant: null }));
    await refreshRow(deps, profileId, 'b-3001');
    expect(alerts.map((a) => [a.buildingId, a.kind, a.rooms])).toEqual([['b-3001', 'freed', ['Zimmer 1']]]);
    await refreshRow(deps, profileId, 'b-3001');
    clock += 5 * MIN;
    await refreshPortfolio(deps);
    expect(alerts.length).toBe(1);
  });
});
