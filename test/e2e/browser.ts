/** Finds Debian's Chromium and launches it with the built extension loaded. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, type Worker, chromium } from 'playwright-core';
import { findChromium } from '../../scripts/browsers';

export const EXTENSION_DIR = resolve(process.env.E2E_EXTENSION_DIR ?? '.output/chrome-mv3-e2e');

export { findChromium };

export const NO_CHROMIUM_HELP = [
  'No Chromium found for the end-to-end tests.',
  "Run `npm test` (it installs Debian's chromium as root), or: sudo apt-get update && sudo apt-get install -y chromium",
  'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
].join('\n');

export interface ExtensionSession {
  context: BrowserContext;
  extensionId: string;
  worker: Worker;
  url(path: string): string;
  close(): Promise<void>;
}

export interface LaunchOptions {
  colorScheme?: 'light' | 'dark';
  locale?: string;
  headless?: boolean;
  /** A profile to reuse across launches (kept on close); by default a fresh one, removed on close. */
  userDataDir?: string;
}

export async function launchExtension(options: LaunchOptions = {}): Promise<ExtensionSession> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(NO_CHROMIUM_HELP);
  const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'po-e2e-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    headless: options.headless ?? true,
    colorScheme: options.colorScheme ?? 'light',
    locale: options.locale ?? 'en-US',
    // On Linux, Chromium takes its UI language (and so chrome.i18n's) from the environment, not --lang.
    env: { ...process.env, LANGUAGE: (options.locale ?? 'en-US').replace('-', '_') },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--lang=${options.locale ?? 'en-US'}`,
      `--disable-extensions-except=${EXTENSION_DIR}`,
      `--load-extension=${EXTENSION_DIR}`,
    ],
  });
  const worker =
    context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 20_000 }));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    worker,
    url: (path) => `chrome-extension://${extensionId}/${path.replace(/^\//, '')}`,
    async close() {
      await context.close();
      if (!options.userDataDir) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Forgets the answers the extension keeps per profile (its freshness window would otherwise serve
 * them without a request), as if they had aged out; profiles, credentials, drafts and history stay.
 */
export function clearCachedAnswers(session: ExtensionSession): Promise<void> {
  return clearStoredFamilies(session, ['cache']);
}

/** Removes every profile's stored entries of these families (`cache`, `history`, `draft`, …). */
export async function clearStoredFamilies(session: ExtensionSession, families: string[]): Promise<void> {
  const worker = session.context.serviceWorkers()[0] ?? session.worker;
  await worker.evaluate(async (names) => {
    const local = (
      globalThis as unknown as {
        chrome: { storage: { local: { get(k: null): Promise<object>; remove(k: string[]): Promise<void> } } };
      }
    ).chrome.storage.local;
    const family = new RegExp(`^p\\.[^.]+\\.(${names.join('|')}):`);
    const keys = Object.keys(await local.get(null)).filter((key) => family.test(key));
    await local.remove(keys);
  }, families);
}
