/**
 * Finds Debian's Firefox ESR and launches it headless under puppeteer-core over WebDriver BiDi, with
 * the unpacked Firefox build installed as a temporary add-on at a fixed moz-extension:// origin.
 */
import { resolve } from 'node:path';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { findFirefox } from '../../scripts/browsers';
import { waitUntil } from './pages/query';

/** The store build: it asks for the API origin at save time, granted without a prompt by a pref. */
export const EXTENSION_DIR = resolve(process.env.E2E_FIREFOX_EXTENSION_DIR ?? '.output/firefox-mv3');

/** browser_specific_settings.gecko.id in wxt.config.ts. */
const GECKO_ID = 'page-options@example.org';
/** Pinned through `extensions.webextensions.uuids`, so page URLs are known before the install. */
const EXTENSION_UUID = '5f0e7a4c-2b1d-4c8e-9a36-7d4b1e0c9f21';
export const EXTENSION_ORIGIN = `moz-extension://${EXTENSION_UUID}`;

export { findFirefox };

export const NO_FIREFOX_HELP = [
  'No Firefox found for the Firefox end-to-end tests.',
  "Run `npm test` (it installs Debian's firefox-esr as root), or: sudo apt-get update && sudo apt-get install -y firefox-esr",
  'or point FIREFOX_PATH at a Firefox binary (142 or newer).',
].join('\n');

export interface FirefoxSession {
  browser: Browser;
  url(path: string): string;
  /** Opens an extension page in a new tab and waits until its document has loaded. */
  open(path: string, viewport?: { width: number; height: number }): Promise<Page>;
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Extra Firefox prefs, e.g. a longer `extensions.background.idle.timeout` for one test. */
  prefs?: Record<string, unknown>;
}

/**
 * Firefox sends no load events for add-on documents over BiDi, so `page.goto` to a moz-extension://
 * URL never resolves: start the navigation without awaiting it and poll the document instead.
 */
export async function gotoExtensionPage(page: Page, url: string, timeoutMs = 15_000): Promise<void> {
  void page.goto(url).catch(() => undefined);
  await waitUntil(
    async () => {
      const state = await page.evaluate(() => ({ href: location.href, ready: document.readyState }));
      return state.href === url && state.ready === 'complete';
    },
    timeoutMs,
    `${url} did not load within ${timeoutMs} ms`,
    50,
  );
}

export async function launchFirefox(options: LaunchOptions = {}): Promise<FirefoxSession> {
  const executablePath = findFirefox();
  if (!executablePath) throw new Error(NO_FIREFOX_HELP);
  const started = Date.now();
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless: true,
    // Without it Firefox refuses navigation to moz-extension:// pages from the remote agent.
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'extensions.webextensions.uuids': JSON.stringify({ [GECKO_ID]: EXTENSION_UUID }),
      // permissions.request() grants without the doorhanger that headless Firefox cannot click.
      'extensions.webextOptionalPermissionPrompts': false,
      'intl.locale.requested': 'en-US',
      ...options.prefs,
    },
  });
  const launched = Date.now();
  try {
    await browser.installExtension(EXTENSION_DIR);
  } catch (error) {
    await browser.close();
    throw error;
  }
  console.log(`firefox: launch ${launched - started} ms, add-on install ${Date.now() - launched} ms`);
  const url = (path: string) => `${EXTENSION_ORIGIN}/${path.replace(/^\//, '')}`;
  return {
    browser,
    url,
    async open(path, viewport) {
      const page = await browser.newPage();
      if (viewport) await page.setViewport(viewport);
      await gotoExtensionPage(page, url(path));
      return page;
    },
    close: () => browser.close(),
  };
}

/**
 * Forgets the answers the extension keeps per profile (its freshness window would otherwise serve
 * them without a request), as if they had aged out; profiles, credentials, drafts and history stay.
 */
export function clearCachedAnswers(session: FirefoxSession): Promise<void> {
  return clearStoredFamilies(session, ['cache']);
}

/**
 * Removes every profile's stored entries of these families (`cache`, `history`, `draft`, …).
 * Done from an extension page of the session, as the Chromium suite does from the worker.
 */
export async function clearStoredFamilies(session: FirefoxSession, families: string[]): Promise<void> {
  const page = await session.open('privacy.html');
  try {
    await page.evaluate(async (names: string[]) => {
      const local = (
        globalThis as unknown as {
          browser: {
            storage: { local: { get(k: null): Promise<object>; remove(k: string[]): Promise<void> } };
          };
        }
      ).browser.storage.local;
      const family = new RegExp(`^p\\.[^.]+\\.(${names.join('|')}):`);
      const keys = Object.keys(await local.get(null)).filter((key) => family.test(key));
      await local.remove(keys);
    }, families);
  } finally {
    await page.close();
  }
}
