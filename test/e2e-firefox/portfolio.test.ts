/**
 * The portfolio in real Firefox (the store build) against the sandbox's landlord (live profile, 12
 * buildings) under a limit of 10 requests per 3 s announced in headers: the table fills in the
 * background without a 429, its CSV export parses back to the table's rows, a freed room alerts
 * once, a building's balance chart comes with its title, description and table, and a sign-out
 * stops the refresh and removes every row.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../lib/export/csv';
import { LANDLORD, applyChange } from '../sandbox/landlord';
import { LIVE_DEMO } from '../sandbox/server';
import { useSandbox } from '../sandbox/fixture';
import { type FirefoxSession, launchFirefox } from './firefox';
import { OptionsPage } from './pages/options-page';
import { countOf, label, role, textsOf, waitUntil, within } from './pages/query';

const sandbox = useSandbox({
  profile: 'live',
  rateLimit: { limit: 10, windowSeconds: 3 },
  rateHeaders: true,
});
let session: FirefoxSession;
let page: Page;
const downloads = mkdtempSync(join(tmpdir(), 'portfolio-csv-'));
const TABLE = role('table', 'All buildings');
/** Rooms of the landlord's 12 buildings (6 to 9 each). */
const LANDLORD_ROOMS = '90';

beforeAll(async () => {
  session = await launchFirefox({
    prefs: {
      // The export's download lands in a folder of the test without asking.
      'browser.download.dir': downloads,
      'browser.download.folderList': 2,
      'browser.download.useDownloadDir': true,
      'browser.download.always_ask_before_handling_new_types': false,
    },
  });
  await OptionsPage.configure(session, {
    baseUrl: sandbox.url,
    token: LANDLORD.token,
    secret: LANDLORD.secret,
  });
});
afterAll(async () => {
  await session?.close();
  rmSync(downloads, { recursive: true, force: true });
});

type Extension = {
  browser: {
    notifications: {
      onClosed: { addListener(listener: (id: string) => void): void };
      onShown: { addListener(listener: (id: string) => void): void };
    };
    storage: { local: { get(k: string | null): Promise<Record<string, unknown>> } };
  };
};
/**
 * The notifications the extension showed, as this page hears of them. Headless Firefox has no
 * system alert service: a notification is closed as soon as it is made (getAll() stays empty), so
 * its `onClosed` (or `onShown`) event is what tells that it was made.
 */
const listenForAlerts = () =>
  page.evaluate(() => {
    const { notifications } = (globalThis as unknown as Extension).browser;
    const seen = new Set<string>();
    (globalThis as unknown as { alertsSeen: Set<string> }).alertsSeen = seen;
    notifications.onShown.addListener((id) => seen.add(id));
    notifications.onClosed.addListener((id) => seen.add(id));
  });
const alertsShown = () =>
  page.evaluate(() => [...(globalThis as unknown as { alertsSeen: Set<string> }).alertsSeen]);
const stored = (key: string) =>
  page.evaluate(
    async (k) =>
      ((await (globalThis as unknown as Extension).browser.storage.local.get(k))[k] ?? null) as unknown,
    key,
  );
const alertsOn = async () =>
  ((await stored('portfolioSettings')) as { value?: { alerts?: boolean } } | null)?.value?.alerts === true;
const rowNames = async () =>
  (await textsOf(page, within(TABLE, 'tbody th'))).map((text) => text.replace(/\s+$/, ''));
const refreshFirstRow = async () => {
  const button = role('button', 'Refresh Lindenallee 1');
  await page.locator(button).click();
  await waitUntil(async () => (await page.$eval(button, (b) => (b as HTMLButtonElement).disabled)) === false);
};

describe('portfolio in Firefox', () => {
  it('fills every building in the background within the budget, with no 429', async () => {
    page = await session.open('dashboard.html#portfolio');
    await waitUntil(async () => (await countOf(page, within(TABLE, 'tbody tr'))) === 12, 90_000);
    await waitUntil(
      async () => (await textsOf(page, within(TABLE, 'tfoot td')))[2] === LANDLORD_ROOMS,
      90_000,
    );
    expect(sandbox.log.filter((entry) => entry.status === 429)).toEqual([]);
    const status = await textsOf(page, role('status'));
    expect(status.some((line) => line.includes('All 12 buildings refreshed about every'))).toBe(true);
  }, 120_000);

  it('exports a CSV that parses back to the rows of the table, then the totals', async () => {
    await page.locator(role('button', 'Export table as CSV')).click();
    const saved = () => readdirSync(downloads).filter((name) => name.endsWith('.csv'));
    // Firefox writes the file next to a .part one and only then fills it: wait until it is whole.
    const done = () =>
      saved().length === 1 &&
      !readdirSync(downloads).some((name) => name.endsWith('.part')) &&
      readFileSync(join(downloads, saved()[0] as string), 'utf8').includes('Total');
    await waitUntil(async () => done(), 15_000);
    const text = readFileSync(join(downloads, saved()[0] as string), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parseCsv(text, ',');
    expect(rows[0]?.[0]).toBe('Building');
    expect(rows.slice(1, -1).map((row) => row[0])).toEqual(await rowNames());
    expect(rows.at(-1)?.slice(0, 3)).toEqual(['Total', '', LANDLORD_ROOMS]);
  });

  it('alerts a freed room once, not again on the next read', async () => {
    // A switch: applies once ticked, nothing else to press.
    await page.locator(label('Alerts: room freed or let, rent overdue (notifications)')).click();
    await waitUntil(alertsOn, 15_000);
    await listenForAlerts();
    sandbox.changeData((data) => applyChange(data, { kind: 'room', roomId: LANDLORD.letRoom, tenant: null }));
    await refreshFirstRow();
    const building = LIVE_DEMO.landlordBuildings[0] as string;
    await expect
      .poll(alertsShown, { timeout: 15_000 })
      .toEqual([expect.stringMatching(new RegExp(`^portfolio-alert\\|[^|]+\\|${building}\\|`))]);
    await refreshFirstRow();
    expect(await alertsShown()).toHaveLength(1);
  }, 60_000);

  it("a building's balance chart: an SVG with its title and description, and the same numbers as a table", async () => {
    await page.locator(within(TABLE, role('rowheader', 'Lindenallee 1'))).click();
    // A toggle (aria-pressed), which Firefox's accessibility query does not find as a button: its label.
    const show = 'button[aria-label="Show transactions of Mietkonto Lindenallee 1"]';
    await waitUntil(async () => (await countOf(page, show)) === 1, 30_000);
    await page.locator(show).click();
    const more = '::-p-text(Show the numbers as a table)';
    await waitUntil(async () => (await countOf(page, more)) === 1, 30_001);
    await page.locator(more).click();
    const numbers = role('table', 'Balance over the transactions shown');
    await waitUntil(async () => (await countOf(page, numbers)) === 1, 15_000);
    const chart = await page.$eval('figure.chart', (figure) => {
      const svg = figure.querySelector('svg[role="img"]');
      const labelled = (svg?.getAttribute('aria-labelledby') ?? '').split(' ');
      return {
        title: svg?.querySelector('title')?.textContent,
        desc: svg?.querySelector('desc')?.textContent ?? '',
        labelledByTitleAndDesc: labelled.map((id) => document.getElementById(id)?.tagName),
        points: (svg?.querySelector('polyline')?.getAttribute('points') ?? '').trim().split(/\s+/).length,
      };
    });
    expect(chart.title).toBe('Balance over the transactions shown');
    expect(chart.desc).toMatch(/^From .+ to .+ between .+ and .+\.$/);
    expect(chart.labelledByTitleAndDesc).toEqual(['title', 'desc']);
    expect(await countOf(page, within(numbers, 'tbody tr'))).toBe(chart.points);
  }, 60_000);

  it('stops refreshing and removes every row at sign-out', async () => {
    const options = await OptionsPage.open(session);
    await options.signOut('Account 1');
    await waitUntil(async () => (await countOf(page, TABLE)) === 0, 30_000);
    sandbox.clearLog();
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(sandbox.log).toEqual([]);
  }, 60_000);
});
