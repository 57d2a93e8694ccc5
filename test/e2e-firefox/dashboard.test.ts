/**
 * The building dashboard in real Firefox: the toolbar popup's building list and details, and the
 * `sidebar_action` panel opened as a tab, both against the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../e2e/messages';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { type FirefoxSession, launchFirefox } from './firefox';
import { DashboardPage } from './pages/dashboard-page';
import { OptionsPage } from './pages/options-page';
import { field, role, valueOf, within } from './pages/query';

const sandbox = useSandbox();
let session: FirefoxSession;

beforeAll(async () => {
  session = await launchFirefox();
  await OptionsPage.configure(session, { baseUrl: sandbox.url, token: DEMO.premium.token });
});
afterAll(async () => {
  await session?.close();
});

describe('dashboard in Firefox', () => {
  it('popup: lists the buildings, shows a chosen building’s details, rooms and tenants', async () => {
    const popup = await DashboardPage.open(session);
    await expect.poll(() => popup.buildingCount()).toBe(DEMO.buildings.juergen.length);

    await popup.page.locator(popup.building('Königshof')).click();
    await expect.poll(() => popup.sectionText('Details')).toContain(msg('details_of', 'Königshof'));
    expect(await popup.page.$$(role('image', '8 of 8 rooms occupied, 0 free'))).toHaveLength(1);

    await popup.page.locator(popup.building('Haus Müllerstraße')).click();
    await expect.poll(() => popup.sectionText('Details')).toContain(msg('details_of', 'Haus Müllerstraße'));
    expect(await popup.page.$$(role('image', '6 of 10 rooms occupied, 4 free'))).toHaveLength(1);
    await expect.poll(() => popup.rowCount('Rooms')).toBe(11);
    await expect.poll(() => popup.rowCount('Tenants')).toBe(7);
    // Read from the sandbox by this test: Königshof is opened by no other test of the file (the
    // sidebar's test may have left Haus Müllerstraße's details cached, in any order of the two).
    expect(sandbox.log.some((r) => r.path === '/building/details/b-1002')).toBe(true);
    await popup.page.close();
  });

  it('sidebar page opened as a tab: a building’s details and its Slots tab', async () => {
    const sidebar = await DashboardPage.open(session, 'sidepanel.html');
    await sidebar.page.locator(sidebar.building('Haus Müllerstraße')).click();
    await expect.poll(() => sidebar.sectionText('Details')).toContain(msg('details_of', 'Haus Müllerstraße'));
    await expect.poll(() => sidebar.rowCount('Rooms')).toBe(11);

    await sidebar.page.locator(sidebar.tab('Slots')).click();
    const firstTitle = within(role('group', 'Slot 1'), field('Title'));
    await expect.poll(() => valueOf(sidebar.page, firstTitle)).toBe('Hausordnung');
    await sidebar.page.close();
  });
});
