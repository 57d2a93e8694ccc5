/**
 * The portfolio in Chromium against the sandbox's landlord (live profile, 12 buildings) under a
 * request limit that announces itself (10 per 1 s with X-RateLimit-* headers, the live pace scaled
 * 60× shorter): the table fills in the background within the share without a 429, the CSV export
 * parses back to the table's rows, sorting and filtering, a click overtakes the background reads, an
 * alert for a freed room comes once (not again after a worker stop), a token changed to another
 * account's shows none of the first account's rows or totals, and a sign-out stops the refresh
 * and removes every row. The test build holds the notifications permission.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/export/csv';
import { workerStopper } from '../../scripts/bench-worker';
import { LANDLORD, applyChange } from '../sandbox/landlord';
import { DEMO } from '../sandbox/seed';
import { LIVE_DEMO } from '../sandbox/server';
import { useExtension } from './fixture';
import { DashboardPage } from './pages/dashboard-page';
import { OptionsPage } from './pages/options-page';
import { PopupPage } from './pages/popup-page';
import { settled } from './waits';

const { sandbox, session } = useExtension({
  sandbox: { profile: 'live', rateLimit: { limit: 10, windowSeconds: 10 }, rateHeaders: true },
  // Each test starts from a new install set up as the landlord: it passes alone and in any order.
  as: LANDLORD,
});
const SLOW = { timeout: 90_000, interval: 500 };
/** Rooms of the landlord's 12 buildings (6 to 9 each). */
const LANDLORD_ROOMS = 90;

const portfolio = (page: DashboardPage) => page.table('All buildings');
const rowNames = async (page: DashboardPage) =>
  (await portfolio(page).locator('tbody').getByRole('rowheader').allTextContents()).map((text) =>
    text.replace(/\s+$/, ''),
  );
/** The n-th figure of the totals row after its name (the row's first cell holds each row's refresh). */
const totalsCell = (page: DashboardPage, n: number) =>
  portfolio(page)
    .locator('tfoot td')
    .nth(n + 1);

const worker = async () =>
  session.context.serviceWorkers()[0] ?? (await session.context.waitForEvent('serviceworker'));
type Notifications = {
  chrome: {
    notifications: {
      getAll(): Promise<Record<string, unknown>>;
      onClosed: { addListener(listener: (id: string) => void): void };
    };
  };
  closedAlerts?: string[];
};
/** Every notification id seen so far: one the browser closed on its own (a slow machine) still counts. */
const everShown = new Set<string>();
/**
 * The ids of the notifications the extension has shown, asked from an extension page (a handle on
 * the worker can be the stopped one for a moment after a restart): those open now, and those the
 * page heard closing since its first call.
 */
const alertsShown = async (page: DashboardPage) => {
  const ids = await page.page.evaluate(async () => {
    const scope = globalThis as unknown as Notifications;
    if (!scope.closedAlerts) {
      const closed: string[] = [];
      scope.closedAlerts = closed;
      scope.chrome.notifications.onClosed.addListener((id) => closed.push(id));
    }
    return [...Object.keys(await scope.chrome.notifications.getAll()), ...scope.closedAlerts];
  });
  for (const id of ids) everShown.add(id);
  return [...everShown];
};
type Storage = { chrome: { storage: { local: { get(k: string): Promise<Record<string, unknown>> } } } };
const alertsOn = (page: DashboardPage) =>
  page.page.evaluate(async () => {
    const stored = await (globalThis as unknown as Storage).chrome.storage.local.get('portfolioSettings');
    return (stored.portfolioSettings as { value?: { alerts?: boolean } } | undefined)?.value?.alerts === true;
  });

describe('the portfolio', () => {
  let dashboard: DashboardPage;
  /**
   * The dashboard's portfolio once the background refresh has read every building; `quickly`: at
   * 60 requests per window, for a test of what comes after the fill (the fill's own pace is the
   * second test's).
   */
  const filled = async ({ quickly = true } = {}) => {
    if (quickly) sandbox.setRateLimit({ limit: 60, windowSeconds: 10 });
    dashboard = await DashboardPage.open(session, 'dashboard.html#portfolio');
    await expect.poll(() => totalsCell(dashboard, 1).textContent(), SLOW).toBe(String(LANDLORD_ROOMS));
    await expect.poll(() => portfolio(dashboard).getByText('not read yet').count(), SLOW).toBe(0);
    return dashboard;
  };

  it("serves a click's reads before the background refresh's queued ones", async () => {
    dashboard = await DashboardPage.open(session, 'dashboard.html#portfolio');
    await expect.poll(() => portfolio(dashboard).locator('tbody tr').count(), SLOW).toBe(12);
    // The refresh reads building by building in table order: the last two come last.
    const [secondLast, last] = LIVE_DEMO.landlordBuildings.slice(-2) as [string, string];
    // Named by the live list's hash until its details are read, then by its label.
    const lastName = /^(Mirror Park Flat 3012|Pappelgasse 12)$/;
    const refresh = portfolio(dashboard).getByRole('button', {
      name: /^Refresh (Mirror Park Flat 3012|Pappelgasse 12)$/,
    });
    await refresh.click();
    await expect.poll(() => refresh.isEnabled(), SLOW).toBe(true);
    const paths = sandbox.log.map((entry) => entry.path);
    expect(paths.filter((path) => path.endsWith(`/${last}`)).length).toBe(4);
    // Served while the background reads are still going: they have not reached the building before it.
    expect(paths.filter((path) => path.endsWith(`/${secondLast}`))).toEqual([]);
    expect(await portfolio(dashboard).getByText('not read yet').count()).toBeGreaterThan(0);
    const lastRow = portfolio(dashboard)
      .getByRole('row')
      .filter({ has: dashboard.page.getByRole('rowheader', { name: lastName }) });
    await expect.poll(() => lastRow.getByText('not read yet').count()).toBe(0);
  }, 90_000);

  it('fills every building in the background within its share of the budget, with no 429', async () => {
    // The totals row's room count is complete once every building's rooms were read.
    await filled({ quickly: false });
    await expect
      .poll(() => dashboard.page.getByRole('status').allTextContents(), SLOW)
      .toContainEqual(expect.stringContaining('All 12 buildings refreshed about every'));
    expect(sandbox.log.filter((entry) => entry.status === 429)).toEqual([]);
    const late = Number(await totalsCell(dashboard, 9).textContent());
    expect(late).toBe(LANDLORD.lateRooms.length);
  }, 120_000);

  it('exports a CSV that parses back to the rows of the table, then the totals', async () => {
    await filled();
    const [download] = await Promise.all([
      dashboard.page.waitForEvent('download'),
      dashboard.button('Export table as CSV').click(),
    ]);
    const text = readFileSync((await download.path()) as string, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text, ',');
    expect(rows[0]?.[0]).toBe('Building');
    expect(rows.slice(1, -1).map((row) => row[0])).toEqual(await rowNames(dashboard));
    expect(rows.at(-1)?.slice(0, 3)).toEqual(['Total', '', String(LANDLORD_ROOMS)]);
  });

  it('sorts by a column with the keyboard and filters by text', async () => {
    await filled();
    const rooms = portfolio(dashboard).getByRole('button', { name: /^Rooms/ });
    await rooms.focus();
    await dashboard.page.keyboard.press('Enter');
    await dashboard.page.keyboard.press('Enter');
    expect(await rooms.locator('xpath=..').getAttribute('aria-sort')).toBe('descending');
    await dashboard.page.getByLabel('Filter buildings').fill('lindenallee');
    await expect.poll(() => rowNames(dashboard)).toEqual(['Lindenallee 1']);
    await dashboard.page.getByLabel('Filter buildings').fill('');
  });

  it('alerts a freed room once: not again on the next read, nor after the worker was stopped', async () => {
    await filled();
    const setAlerts = async (on: boolean) => {
      // A switch: applies once ticked, nothing else to press.
      await dashboard.page.getByLabel(/^Alerts: room freed or let/).setChecked(on);
      // A change read before the setting is stored is (by design) never notified: wait for it.
      await expect.poll(() => alertsOn(dashboard), SLOW).toBe(on);
    };
    const refreshRow = async () => {
      await dashboard.button('Refresh Lindenallee 1').click();
      await expect.poll(() => dashboard.button('Refresh Lindenallee 1').isEnabled(), SLOW).toBe(true);
    };
    expect(await alertsShown(dashboard)).toEqual([]);
    await setAlerts(true);
    sandbox.changeData((data) => applyChange(data, { kind: 'room', roomId: LANDLORD.letRoom, tenant: null }));
    await refreshRow();
    // One notification, named after the profile and the building (its text is checked in the unit tests).
    const one = [expect.stringContaining(`|${LIVE_DEMO.landlordBuildings[0]}|`)];
    await expect.poll(() => alertsShown(dashboard), SLOW).toEqual(one);
    await refreshRow();
    expect(await alertsShown(dashboard)).toEqual(one);

    const stopper = await workerStopper(session.context);
    await stopper.stop();
    await stopper.close();
    dashboard = await DashboardPage.open(session, 'dashboard.html#portfolio');
    expect(await alertsShown(dashboard)).toEqual(one);
    await refreshRow();
    expect(await alertsShown(dashboard)).toEqual(one);

    // The room let again while alerts are off: never told, not even once they are back on.
    await setAlerts(false);
    sandbox.changeData((data) =>
      applyChange(data, { kind: 'room', roomId: LANDLORD.letRoom, tenant: 'Neue Mieterin' }),
    );
    await refreshRow();
    await setAlerts(true);
    await refreshRow();
    // Every read answered (a refused read would leave the change to be found later, alerts on).
    expect(sandbox.log.filter((entry) => entry.status !== 200)).toEqual([]);
    expect(await alertsShown(dashboard)).toEqual(one);
  }, 90_000);

  it("shows none of the landlord's buildings or totals once the profile's token is another account's", async () => {
    await filled();
    const summary = (popup: PopupPage) => popup.button(/^Open the portfolio: /);
    const before = await PopupPage.open(session);
    await expect.poll(() => summary(before).textContent(), SLOW).toMatch(/^12 buildings · /);
    await before.page.close();
    // Same profile, same address: Jürgen's token (his three buildings) instead of the landlord's.
    const options = await OptionsPage.open(session);
    await options.save({ baseUrl: sandbox.url, token: DEMO.premium.token, secret: DEMO.premium.secret });
    await options.status.filter({ hasText: 'Saved' }).waitFor();
    await options.page.close();
    // The open tab renders anew and shows the new account's portfolio: his three buildings only
    // (the landlord's table was kept for minutes, until its list was due again).
    const soon = { timeout: 30_000, interval: 500 };
    await expect.poll(() => portfolio(dashboard).locator('tbody tr').count(), soon).toBe(3);
    expect(await rowNames(dashboard)).not.toContain('Lindenallee 1');
    const popup = await PopupPage.open(session);
    await expect.poll(() => summary(popup).textContent(), soon).toMatch(/^3 buildings · /);
    await popup.page.close();
  }, 90_000);

  it('stops refreshing and removes every row at sign-out', async () => {
    await filled();
    const options = await OptionsPage.open(session);
    await options.page.getByRole('button', { name: /^Sign out of .* \(forget its key\)$/ }).click();
    await options.page.getByRole('button', { name: 'Yes, forget' }).click();
    await expect.poll(() => portfolio(dashboard).count(), SLOW).toBe(0);
    const stored = await (
      await worker()
    ).evaluate(async () =>
      Object.keys(
        await (
          globalThis as unknown as { chrome: { storage: { local: { get(k: null): Promise<object> } } } }
        ).chrome.storage.local.get(null),
      ),
    );
    expect(stored.filter((key) => /\.portfolio:/.test(key))).toEqual([]);
    // Stopped: no refresh alarm is armed, and once the worker settled nothing was sent.
    const alarms = await (
      await worker()
    ).evaluate(() =>
      (
        globalThis as unknown as { chrome: { alarms: { getAll(): Promise<{ name: string }[]> } } }
      ).chrome.alarms
        .getAll()
        .then((all) => all.map((alarm) => alarm.name)),
    );
    expect(alarms).not.toContain('portfolio-refresh');
    sandbox.clearLog();
    await settled(session);
    expect(sandbox.log).toEqual([]);
    await options.page.close();
  }, 60_000);
});
