/**
 * The building dashboard end to end against the sandbox: the premium and the basic token, an
 * injected fault, the instant reopen from the cache, and screenshots for review (not asserted).
 */
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { useExtension } from './fixture';
import { DashboardPage } from './pages/dashboard-page';
import { OptionsPage } from './pages/options-page';

const SCREENSHOTS = 'test-results/screenshots';
const { sandbox, session } = useExtension({ browser: { perTest: true } });

/** Saves the token alone (no secret) and waits for the premium detection; the log starts after it. */
async function configure(token: string, premium: 'yes' | 'no'): Promise<void> {
  const options = await OptionsPage.openConfigured(session, { baseUrl: sandbox.url, token }, premium);
  await options.page.close();
  sandbox.clearLog();
}

const requestsTo = (prefix: string) => sandbox.log.filter((r) => r.path.startsWith(prefix)).length;

beforeAll(() => {
  mkdirSync(SCREENSHOTS, { recursive: true });
});

describe('building dashboard', () => {
  it('premium: picker → details → rooms → tenants → accounts → all reachable transactions; reopens from the cache', async () => {
    await configure(DEMO.premium.token, 'yes');
    const popup = await DashboardPage.open(session);

    await popup.building('Königshof').click();
    const details = popup.section('Details');
    await expect.poll(() => details.textContent()).toContain('Building: Königshof');
    expect(await popup.page.getByRole('img', { name: '8 of 8 rooms occupied, 0 free' }).count()).toBe(1);
    await popup.building('Haus Müllerstraße').click();
    await expect.poll(() => details.textContent()).toContain('Building: Haus Müllerstraße');
    expect(await popup.page.getByRole('img', { name: '6 of 10 rooms occupied, 4 free' }).count()).toBe(1);

    const rooms = popup.table(/^Rooms:/);
    await expect.poll(() => rooms.getByRole('row').count()).toBe(11);
    await popup.page.getByLabel('Free', { exact: true }).check();
    expect(await rooms.getByRole('row').count()).toBe(5);
    expect(await rooms.locator('img.thumb').count()).toBe(4);

    const tenants = popup.table(/^Tenants:/);
    await expect.poll(() => tenants.getByRole('row').count()).toBe(7);
    expect(await tenants.getByText('Björn Schäfer').getAttribute('title')).toBeNull();
    expect(await tenants.locator('time').first().getAttribute('title')).toMatch(
      /^2025-02-\d\d \d\d:\d\d:\d\d\.\d{3} UTC$/,
    );

    const accounts = popup.table('Bank accounts: 2');
    await accounts.getByRole('button', { name: 'Show transactions of Mietkonto Haus Müllerstraße' }).click();
    await expect.poll(() => popup.table(/^Transactions 1 to 25/).count()).toBe(1);
    for (let from = 26; from <= 201; from += 25) {
      await popup.button('Older').click();
      await expect
        .poll(() => popup.table(`Transactions ${from} to ${from + 24}, newest first`).count())
        .toBe(1);
    }
    expect(await popup.button('Older').isDisabled()).toBe(true);
    expect(await popup.page.getByText(/only the newest 225 transactions/).count()).toBe(1);
    expect(requestsTo('/building/transactions/acc-1001-1/25/')).toBe(9);
    await popup.page.screenshot({ path: `${SCREENSHOTS}/popup-transactions-light.png`, fullPage: true });
    await popup.page.close();

    // Second open: the remembered building, straight from the cache, without a new request.
    const before = sandbox.log.length;
    const again = await session.context.newPage();
    await again.setViewportSize({ width: 440, height: 600 });
    await again.goto(session.url('popup.html'));
    const shownAt = await again.waitForFunction(
      () => (document.querySelector('.details__title') ? performance.now() : false),
      null,
      { polling: 'raf' },
    );
    const ms = Math.round((await shownAt.jsonValue()) as number);
    console.log(`popup: navigation → cached content shown in ${ms} ms`);
    expect(await again.locator('.details__title').textContent()).toBe('Building: Haus Müllerstraße');
    await expect.poll(() => again.getByText('Updated now').count()).toBeGreaterThan(0);
    expect(sandbox.log.length - before).toBe(0);
  });

  it('basic token: the premium sections explain what premium would show', async () => {
    await configure(DEMO.basic.token, 'no');
    const popup = await DashboardPage.open(session);
    await expect.poll(() => popup.section('Details').textContent()).toContain('Building: Haus Weißenfels');
    await expect.poll(() => popup.section('Tenants').textContent()).toContain('Needs premium access');
    expect(await popup.section('Tenants').textContent()).toContain('who rents each room');
    expect(await popup.section('Bank accounts').textContent()).toContain('every transaction, 25 per page');
    await expect
      .poll(() =>
        popup
          .table(/^Rooms:/)
          .getByRole('row')
          .count(),
      )
      .toBe(13);
    expect(await popup.page.getByText('Interior pictures are shown with premium access.').count()).toBe(1);
    expect(requestsTo('/building/tenants/') + requestsTo('/building/bankaccounts/')).toBe(0);
  });

  it('a failing rooms endpoint leaves the other sections working; Retry recovers', async () => {
    await configure(DEMO.premium.token, 'yes');
    sandbox.addFault({ path: '/building/rooms/', kind: 'status', status: 503, times: 3 });
    const popup = await DashboardPage.open(session);
    const rooms = popup.section('Rooms');
    await expect
      .poll(() => rooms.getByRole('alert').textContent(), { timeout: 30_000 })
      .toContain('Server error (503)');
    expect(await popup.section('Details').textContent()).toContain('Building: Haus Müllerstraße');
    await expect
      .poll(() =>
        popup
          .table(/^Tenants:/)
          .getByRole('row')
          .count(),
      )
      .toBe(7);
    expect(await popup.table('Bank accounts: 2').count()).toBe(1);
    await rooms.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() =>
        popup
          .table(/^Rooms:/)
          .getByRole('row')
          .count(),
      )
      .toBe(11);
  });

  it('400-px popup: the rooms table fits without scrolling sideways; a picture that fails to load shows the placeholder', async () => {
    await configure(DEMO.premium.token, 'yes');
    // The picture host answers nothing for one interior: its pictures fail to load.
    let brokenPicture = '';
    await session.context.route(/\/static\/interiors\/[^/]+\.svg$/, (route, request) =>
      request.url() === brokenPicture ? route.abort('connectionrefused') : route.fallback(),
    );
    const popup = await DashboardPage.open(session);
    const rooms = popup.table(/^Rooms:/);
    await expect.poll(() => rooms.getByRole('row').count()).toBe(11);
    const pictures = rooms.locator('img.thumb');
    brokenPicture = (await pictures.first().getAttribute('src')) ?? '';
    const sameInterior = await rooms.locator(`img.thumb[src="${brokenPicture}"]`).count();
    const placeholdersBefore = await rooms.getByRole('img', { name: 'No picture' }).count();
    await popup.page.reload();
    await expect.poll(() => rooms.getByRole('row').count()).toBe(11);
    await expect
      .poll(() => rooms.getByRole('img', { name: 'No picture' }).count())
      .toBe(placeholdersBefore + sameInterior);
    await popup.page.waitForFunction(() => [...document.images].every((img) => img.complete));
    expect(
      await pictures.evaluateAll(
        (images) => images.filter((img) => (img as HTMLImageElement).naturalWidth === 0).length,
      ),
    ).toBe(0);

    expect(await rooms.getByRole('columnheader').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Interior/)]),
    );
    expect(await popup.sidewaysScroll(popup.page.getByRole('region', { name: /^Rooms:/ }))).toBe(0);
    expect(await popup.sidewaysScroll()).toBe(0);
    await popup.page.screenshot({ path: `${SCREENSHOTS}/popup-400-rooms.png`, fullPage: true });
  });

  it('popup and side panel reopen on the tab chosen last; the Slots tab follows the building chosen', async () => {
    await configure(DEMO.premium.token, 'yes');
    const popup = await DashboardPage.open(session);
    await popup.building('Königshof').click();
    await popup.tab('Slots').click();
    await expect.poll(() => popup.isCurrent('Königshof')).toBe(true);
    await popup.page.close();

    const again = await DashboardPage.open(session);
    await expect.poll(() => again.tab('Slots').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => again.isCurrent('Königshof')).toBe(true);
    await again.building('Haus Müllerstraße').click();
    await expect.poll(() => again.isCurrent('Haus Müllerstraße')).toBe(true);
    await expect.poll(() => again.page.getByText('Loading slot…').count()).toBe(0);
    expect(sandbox.log.some((r) => r.path.startsWith('/building/options/b-1001/'))).toBe(true);

    // The side panel keeps its own tab, and shows the building chosen in the popup.
    const panel = await DashboardPage.open(session, 'sidepanel.html');
    await expect.poll(() => panel.tab('Building').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => panel.section('Details').textContent()).toContain('Building: Haus Müllerstraße');
    await panel.tab('Slots').click();
    // The panel shows its first view before its code for the tabs has loaded: the Slots tab is used
    // (its building shown) before the panel goes, as a person would.
    await expect.poll(() => panel.isCurrent('Haus Müllerstraße')).toBe(true);
    await panel.page.reload();
    await expect.poll(() => panel.tab('Slots').getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => panel.isCurrent('Haus Müllerstraße')).toBe(true);
  });

  it('screenshots of the popup and the side panel, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      // The fixture's browser is light; dark needs one of its own.
      if (colorScheme === 'dark') await session.relaunch({ colorScheme });
      await configure(DEMO.premium.token, 'yes');
      for (const path of ['popup.html', 'sidepanel.html'] as const) {
        const view = await DashboardPage.open(session, path);
        await expect
          .poll(() =>
            view
              .table(/^Tenants:/)
              .getByRole('row')
              .count(),
          )
          .toBe(7);
        await view.page.waitForFunction(() => [...document.images].every((img) => img.complete));
        const name = path.replace('.html', '');
        await view.page.screenshot({ path: `${SCREENSHOTS}/${name}-${colorScheme}.png`, fullPage: true });
        await view.page.close();
      }
    }
  });
});
