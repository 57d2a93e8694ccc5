/**
 * Accounts (profiles) in real Firefox: a second account added in the options page, with another
 * character's key on a sandbox of its own; switching from the popup header and from the options
 * page shows only the active account's buildings, under its name, and each sandbox only ever sees
 * its own account's token; signing an account out takes its buildings and details out of the popup
 * and its token, secret and cached answers out of extension storage.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUERGEN, KAETHE, assertCleanSwitch, startRecording, stopRecording } from '../e2e/clean-switch';
import { msg } from '../e2e/messages';
import { demoCredentials } from '../sandbox/direct';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { type FirefoxSession, launchFirefox } from './firefox';
import { DashboardPage } from './pages/dashboard-page';
import { OptionsPage } from './pages/options-page';
import { waitUntil } from './pages/query';

/** The WebExtension API as the evaluated callbacks use it (they run in Firefox, typed here). */
declare const browser: {
  storage: Record<'local' | 'session', { get(keys: null): Promise<Record<string, unknown>> }>;
};

/** Jürgen (premium) on one sandbox, Käthe (basic) on another: two origins, two keys. */
const juergenApi = useSandbox();
const kaetheApi = useSandbox();
let session: FirefoxSession;
let options: OptionsPage;

/** Everything extension storage holds, read by an extension page. */
function storedJson(page: Page): Promise<string> {
  return page.evaluate(async () =>
    JSON.stringify([await browser.storage.local.get(null), await browser.storage.session.get(null)]),
  );
}

/** Records what the popup shows from now until the returned stop is called. */
async function recordText(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(startRecording);
  return () => page.evaluate(stopRecording);
}

/** Waits until the popup's building list holds exactly these buildings. */
async function listed(popup: DashboardPage, names: string[]): Promise<void> {
  await waitUntil(async () => {
    const shown = await popup.buildingNames();
    return shown.length === names.length && names.every((name) => shown.some((s) => s.includes(name)));
  });
}

const bodyText = (page: Page) => page.evaluate(() => document.body.innerText);
const tokensSeen = (api: typeof juergenApi) => [...new Set(api.log.map((r) => r.authorization))];

beforeAll(async () => {
  session = await launchFirefox();
  options = await OptionsPage.open(session);
  // The first account is made by the worker; the second through "Add account".
  await options.save(demoCredentials(juergenApi, 'premium'));
  await waitUntil(async () => (await options.editingStatus('Account 1'))?.includes('Saved') === true);
  await options.rename('Account 1', 'Jürgen');
  expect(await options.addAccount()).toBe('Account 2');
  await options.save(demoCredentials(kaetheApi, 'basic'));
  await waitUntil(async () => (await options.editingStatus('Account 2'))?.includes('Saved') === true);
  await options.rename('Account 2', 'Käthe');
}, 60_000);
afterAll(async () => {
  await session?.close();
});

describe('accounts in Firefox', () => {
  it('switching from the popup header and from the options page shows only the active account, by name', async () => {
    await expect.poll(() => options.accountText('Jürgen')).toContain(msg('profile_active'));
    const popup = await DashboardPage.open(session);
    await listed(popup, JUERGEN);
    expect(await popup.activeAccount()).toBe('Jürgen');
    expect(await popup.accounts()).toEqual(['Jürgen', 'Käthe']);

    // From the popup header.
    let stop = await recordText(popup.page);
    await popup.switchAccount('Käthe');
    await listed(popup, KAETHE);
    assertCleanSwitch(await stop(), JUERGEN, KAETHE);
    expect(await popup.activeAccount()).toBe('Käthe');
    await expect.poll(() => options.accountText('Käthe')).toContain(msg('profile_active'));

    // From the options page, while the popup stays open.
    stop = await recordText(popup.page);
    await options.page.bringToFront();
    await options.switchTo('Jürgen');
    await listed(popup, JUERGEN);
    assertCleanSwitch(await stop(), KAETHE, JUERGEN);
    await expect.poll(() => popup.activeAccount()).toBe('Jürgen');

    // Each account's API saw only that account's key.
    expect(kaetheApi.log.length).toBeGreaterThan(0);
    expect(tokensSeen(juergenApi)).toEqual([`Bearer ${DEMO.premium.token}`]);
    expect(tokensSeen(kaetheApi)).toEqual([`Bearer ${DEMO.basic.token}`]);
    await popup.page.close();
  });

  it('signing out takes the account’s buildings and details out of the popup and its key out of storage', async () => {
    // Jürgen is active: view a building with tenants and bank accounts so they are cached.
    const popup = await DashboardPage.open(session);
    await popup.page.locator(popup.building('Haus Müllerstraße')).click();
    await expect.poll(() => popup.sectionText('Tenants')).toContain('Björn Schäfer');
    await expect.poll(() => popup.sectionText('Bank accounts')).toContain('Mietkonto Haus Müllerstraße');
    await expect.poll(() => storedJson(options.page)).toContain('Björn Schäfer');
    const before = await storedJson(options.page);
    expect(before).toContain(DEMO.premium.token);
    expect(before).toContain(DEMO.premium.secret);

    // The popup stays open (as a side panel would) while the user signs out on the options page.
    await options.page.bringToFront();
    await options.signOut('Jürgen');
    await expect.poll(() => options.accountText('Jürgen')).toContain(msg('profile_noToken'));
    await expect.poll(() => bodyText(popup.page)).not.toContain('Haus Müllerstraße');
    const left = await bodyText(popup.page);
    for (const name of [...JUERGEN, 'Björn Schäfer', 'Mietkonto Haus Müllerstraße'])
      expect(left).not.toContain(name);
    await popup.page.close();

    // Opened again, it asks for a token and sends nothing.
    juergenApi.clearLog();
    const reopened = await DashboardPage.open(session);
    await expect.poll(() => reopened.hasText(msg('popup_setup'))).toBe(1);
    expect(await reopened.activeAccount()).toBe('Jürgen');
    const shown = await bodyText(reopened.page);
    for (const name of [...JUERGEN, ...KAETHE, 'Björn Schäfer']) expect(shown).not.toContain(name);
    expect(juergenApi.log).toEqual([]);

    const after = await storedJson(options.page);
    for (const secretThing of [DEMO.premium.token, DEMO.premium.secret, 'Björn Schäfer', 'acc-1001-1']) {
      expect(after).not.toContain(secretThing);
    }
    // The other account is untouched: switching to it shows its buildings.
    expect(after).toContain(DEMO.basic.token);
    await reopened.switchAccount('Käthe');
    await listed(reopened, KAETHE);
    expect(await reopened.activeAccount()).toBe('Käthe');
    await reopened.page.close();
  });
});
