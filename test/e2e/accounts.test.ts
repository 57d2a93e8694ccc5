/**
 * Accounts end to end (issue 9): two profiles against the sandbox with different characters;
 * switching (popup header, options page) never shows the other account's buildings; sign-out leaves
 * nothing of the account in extension storage; a changed base URL never gets the saved token.
 */
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { startSandbox } from '../sandbox/server';
import { useExtension } from './fixture';
import { JUERGEN, KAETHE, assertCleanSwitch, startRecording, stopRecording } from './clean-switch';
import { DashboardPage } from './pages/dashboard-page';
import { OptionsPage } from './pages/options-page';

/** The part of the extension API these tests call inside the browser (no @types/chrome here). */
declare const chrome: {
  storage: Record<
    'local' | 'session',
    {
      get(keys: string | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    }
  >;
  runtime: { sendMessage(message: unknown): Promise<{ ok: boolean; value?: unknown }> };
};

// Each test from a new install, its two accounts set up through the options page before it.
const { sandbox, session } = useExtension();
let options: OptionsPage;

/** Everything extension storage holds, as the worker reads it. */
async function storedJson(): Promise<string> {
  const worker = session.context.serviceWorkers()[0] ?? (await session.context.waitForEvent('serviceworker'));
  return worker.evaluate(async () =>
    JSON.stringify([await chrome.storage.local.get(null), await chrome.storage.session.get(null)]),
  );
}

/** Records the page's text at every DOM change (and every frame) until the returned stop is called. */
async function recordText(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(startRecording);
  return () => page.evaluate(stopRecording);
}

/** The worker's first-view item (lib/storage/first-view.ts) as stored, raw. */
async function storedFirstView(): Promise<Record<string, unknown>> {
  const worker = session.context.serviceWorkers()[0] ?? (await session.context.waitForEvent('serviceworker'));
  return worker.evaluate(() => chrome.storage.local.get('firstView'));
}

/** In the page, from document start: its text at every DOM change and every frame. */
function recordFromStart(): void {
  const w = window as unknown as { __seen: string[] };
  w.__seen = [];
  const take = () => w.__seen.push(document.documentElement?.textContent ?? '');
  new MutationObserver(take).observe(document, { subtree: true, childList: true, characterData: true });
  requestAnimationFrame(function tick() {
    take();
    requestAnimationFrame(tick);
  });
}

/** Opens the popup recording from its first byte; returns it once `ready` is shown, with all it showed. */
async function openRecordedPopup(ready: RegExp): Promise<{ page: Page; seen: string[] }> {
  const page = await session.context.newPage();
  await page.setViewportSize({ width: 400, height: 600 });
  await page.addInitScript(recordFromStart);
  await page.goto(session.url('popup.html'));
  await page.getByText(ready).first().waitFor();
  const seen = await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);
  return { page, seen };
}

beforeEach(async () => {
  options = await OptionsPage.open(session);
  // The first account is made by the worker; the second through "Add account".
  await options.save({ baseUrl: sandbox.url, token: DEMO.premium.token, secret: DEMO.premium.secret });
  await options.status.filter({ hasText: 'Saved' }).waitFor();
  await options.rename('Account 1', 'Jürgen');
  await options.addAccount();
  await options.save({ baseUrl: sandbox.url, token: DEMO.basic.token, secret: DEMO.basic.secret });
  await options.status.filter({ hasText: 'Saved' }).waitFor();
  await options.rename('Account 2', 'Käthe');
}, 120_000);

describe('accounts', () => {
  it('switching from the popup header and from the options page shows only the active account', async () => {
    await expect.poll(() => options.account('Jürgen').textContent()).toContain('active');
    const popup = await DashboardPage.open(session);
    const header = popup.page.getByRole('combobox', { name: /^Account/ });
    await popup.building(JUERGEN[0] ?? '').waitFor();
    expect(await header.inputValue()).not.toBe('');
    expect(await popup.page.getByRole('option', { name: 'Jürgen', selected: true }).count()).toBe(1);

    // From the popup header.
    let stop = await recordText(popup.page);
    await header.selectOption({ label: 'Käthe' });
    await popup.building(KAETHE[0] ?? '').waitFor();
    await popup.building(KAETHE[1] ?? '').waitFor();
    assertCleanSwitch(await stop(), JUERGEN, KAETHE);
    await expect.poll(() => options.account('Käthe').textContent()).toContain('active');

    // From the options page, while the popup stays open.
    stop = await recordText(popup.page);
    await options.switchTo('Jürgen');
    await popup.building(JUERGEN[1] ?? '').waitFor();
    assertCleanSwitch(await stop(), KAETHE, JUERGEN);
    expect(await popup.page.getByRole('option', { name: 'Jürgen', selected: true }).count()).toBe(1);
    await popup.page.close();
  }, 60_000);

  it('changing the base URL origin with the token field empty is refused; the token never goes there', async () => {
    const other = await startSandbox();
    try {
      await options.edit('Käthe');
      await options.baseUrl.fill(other.url);
      await options.token.fill('');
      await expect
        .poll(() => options.page.getByText(/This is another address than the saved one/).count())
        .toBe(1);
      for (const action of ['Save', 'Test connection']) {
        await options.button(action).click();
        await expect
          .poll(() => options.page.getByText(/The base URL changed: enter the access token/).count())
          .toBeGreaterThan(0);
      }
      // The worker refuses it as well, whatever a page sends.
      const answer = await options.page.evaluate(
        async ([baseUrl]) => {
          const list = await chrome.runtime.sendMessage({ type: 'listProfiles', payload: {} });
          const profiles = (list.value as { list: { id: string; name: string }[] }).list;
          const kaethe = profiles.find((p) => p.name === 'Käthe');
          return Promise.all(
            ['saveSettings', 'testConnection'].map((type) =>
              chrome.runtime.sendMessage({
                type,
                payload: {
                  profileId: kaethe?.id,
                  baseUrl,
                  token: '',
                  secret: '',
                  secretPersistence: 'session',
                  premiumOverride: 'auto',
                },
              }),
            ),
          );
        },
        [other.url],
      );
      expect(answer).toEqual([
        { ok: false, error: { kind: 'invalidInput', field: 'token', message: 'token.reenter' } },
        { ok: false, error: { kind: 'invalidInput', field: 'token', message: 'token.reenter' } },
      ]);
      expect(other.log).toEqual([]);
      // The saved address stays.
      await options.page.reload();
      await options.edit('Käthe');
      expect(await options.baseUrl.inputValue()).toBe(sandbox.url);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('sign-out leaves no token, secret, tenant name or bank account of the account in extension storage', async () => {
    // Jürgen is active: view a building with tenants and bank accounts so they are cached.
    const popup = await DashboardPage.open(session);
    await popup.building('Haus Müllerstraße').click();
    await expect.poll(() => popup.section('Tenants').textContent()).toContain('Björn Schäfer');
    await expect
      .poll(() => popup.section('Bank accounts').textContent())
      .toContain('Mietkonto Haus Müllerstraße');
    const tenant = 'Björn Schäfer';
    const account = 'acc-1001-1';
    await expect.poll(storedJson).toContain(tenant);
    const before = await storedJson();
    expect(before).toContain(DEMO.premium.token);
    expect(before).toContain(DEMO.premium.secret);

    const row = options.account('Jürgen');
    await row.getByRole('button', { name: 'Sign out of Jürgen (forget its key)' }).click();
    const dialog = row.getByRole('group', { name: /Forget Jürgen\?/ });
    await expect
      .poll(() => dialog.textContent())
      .toMatch(/Also stored for it: \d+ drafts and \d+ history entries\./);
    expect(await dialog.getByLabel('Also delete its drafts and history').isChecked()).toBe(false);
    await dialog.getByRole('button', { name: 'Yes, forget' }).click();
    await row.getByText('Jürgen was signed out.').waitFor();
    // The popup left open shows nothing of the account any more.
    await expect.poll(() => popup.page.locator('body').textContent()).not.toContain('Haus Müllerstraße');
    const shown = (await popup.page.locator('body').textContent()) ?? '';
    for (const accountThing of [tenant, 'Mietkonto Haus Müllerstraße'])
      expect(shown).not.toContain(accountThing);
    await popup.page.close();

    const after = await storedJson();
    for (const secretThing of [DEMO.premium.token, DEMO.premium.secret, tenant, account]) {
      expect(after).not.toContain(secretThing);
    }
    // The other account is untouched.
    expect(after).toContain(DEMO.basic.token);
    await expect.poll(() => row.textContent()).toContain('no token saved');
  }, 60_000);

  it('a popup opened right after a sign-out never shows the account’s first view, not even in one frame', async () => {
    await options.switchTo('Käthe');
    const [first, second] = KAETHE as [string, string];
    const shown = await DashboardPage.open(session);
    await expect.poll(() => shown.section('Details').textContent()).toContain(first);
    await shown.page.close();
    await expect.poll(async () => JSON.stringify(await storedFirstView())).toContain(first);
    const item = await storedFirstView();

    // With the worker's item, the popup shows the account's details from its first frames.
    const before = await openRecordedPopup(new RegExp(`Building: ${first}`));
    expect(before.seen.findIndex((text) => text.includes(first))).toBeGreaterThanOrEqual(0);
    await before.page.close();

    const row = options.account('Käthe');
    await row.getByRole('button', { name: 'Sign out of Käthe (forget its key)' }).click();
    await row
      .getByRole('group', { name: /Forget Käthe\?/ })
      .getByRole('button', { name: 'Yes, forget' })
      .click();
    await row.getByText('Käthe was signed out.').waitFor();
    expect(await storedFirstView()).toEqual({});

    // The old item back in storage (as if its removal had not happened): the epoch no longer matches.
    const worker =
      session.context.serviceWorkers()[0] ?? (await session.context.waitForEvent('serviceworker'));
    await worker.evaluate((stale) => chrome.storage.local.set(stale), item);
    // Settled: the setup notice, or (were the item shown) the account's details.
    const after = await openRecordedPopup(new RegExp(`Set up your access token in the settings|${first}`));
    expect(after.seen.length).toBeGreaterThan(0);
    expect(after.seen.filter((text) => text.includes(first) || text.includes(second))).toEqual([]);
    await after.page.close();
  }, 60_000);
});
