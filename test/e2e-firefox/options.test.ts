/**
 * The options page in real Firefox: the store build asks for the API origin when the user clicks
 * Save (granted by pref, since headless Firefox cannot click the prompt), and a wrong token is explained.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { msg } from '../e2e/messages';
import { DEMO } from '../sandbox/seed';
import { type Sandbox, startSandbox } from '../sandbox/server';
import { type FirefoxSession, launchFirefox } from './firefox';
import { DashboardPage } from './pages/dashboard-page';
import { OptionsPage } from './pages/options-page';
import { text } from './pages/query';

let sandbox: Sandbox;
let session: FirefoxSession;

/** The origins the add-on holds, as Firefox reports them to the extension's own page. */
async function grantedOrigins(options: OptionsPage): Promise<string[]> {
  return options.page.evaluate(async () => {
    const api = (globalThis as unknown as { browser: typeof import('webextension-polyfill') }).browser;
    return (await api.permissions.getAll()).origins ?? [];
  });
}

beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  sandbox.reset();
  await session?.close();
  session = await launchFirefox();
});
afterAll(async () => {
  await session?.close();
});

describe('options page in Firefox', () => {
  it('saves with the API origin granted through a real click, then the popup lists the buildings', async () => {
    const options = await OptionsPage.open(session);
    expect(await grantedOrigins(options)).toEqual([]);
    await options.save({ baseUrl: sandbox.url, token: DEMO.premium.token, secret: DEMO.premium.secret });
    await expect.poll(() => options.statusText()).toContain('Saved');
    await expect.poll(() => options.page.$$(text('Detected: yes')).then((found) => found.length)).toBe(1);
    expect(await grantedOrigins(options)).toEqual(['http://127.0.0.1/*']);

    const popup = await DashboardPage.open(session);
    await expect.poll(() => popup.buildingCount()).toBe(DEMO.buildings.juergen.length);
    expect(sandbox.log.length).toBeGreaterThan(0);
    for (const request of sandbox.log) expect(request.authorization).toBe(`Bearer ${DEMO.premium.token}`);
  });

  it('explains a wrong token and saves nothing', async () => {
    const options = await OptionsPage.open(session);
    await options.save({ baseUrl: sandbox.url, token: DEMO.unknownToken });
    await expect.poll(() => options.alertText()).toContain(msg('error_unauthorized_title'));
    expect(await options.page.$eval(OptionsPage.token, (input) => (input as HTMLInputElement).value)).toBe(
      DEMO.unknownToken,
    );

    const popup = await DashboardPage.open(session);
    await expect.poll(() => popup.hasText(msg('popup_setup'))).toBe(1);
  });
});
