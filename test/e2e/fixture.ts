/**
 * The Chromium suite's fixture, in the idiom of `useSandbox`: Chromium with the built extension,
 * launched before a file's tests (or before each test), set up through the E2E build's test door
 * (test/e2e/test-door.ts) as a demo character when asked, closed after. The returned session stands for the running browser, so page
 * objects take it as they take a launched one.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { E2E_TIME_SCALE } from '../../lib/api/clock';
import { demoCredentials } from '../sandbox/direct';
import { standIn, useSandbox } from '../sandbox/fixture';
import type { Sandbox, SandboxOptions } from '../sandbox/server';
import { type ExtensionSession, type LaunchOptions, launchExtension } from './browser';
import { type ConsoleRecorder, keepFailure, recordConsole } from './failure-record';
import { configureThroughDoor, resetThroughDoor } from './test-door';

/** Whom the options page is set up as: a demo character of the sandbox, or another key. */
export type Account = 'premium' | 'basic' | { token: string; secret?: string };

export interface BrowserSession extends ExtensionSession {
  /** Closes this browser and launches a fresh one with these options (not set up); closed after as well. */
  relaunch(options?: LaunchOptions): Promise<void>;
}

export interface BrowserOptions extends LaunchOptions {
  /** Saved through the test door right after each launch (and each reset): `as`, against `sandbox`. */
  configure?: { sandbox: Sandbox; as: Account };
  /**
   * Before each test but the first of a browser, the extension back to a new install (its pages
   * closed, storage cleared, the scheduler's queues forgotten) and set up again; then the sandbox
   * is reset, so the set-up's requests are not in the test's log.
   */
  resetEachTest?: boolean;
  /** A fresh browser for each test, closed after it; by default one for the file (or `describe`). */
  perTest?: boolean;
}

export function useBrowser(
  { configure, perTest = false, resetEachTest = false, ...launch }: BrowserOptions = {},
  requestLog: () => unknown = () => 'no sandbox in this file',
): BrowserSession {
  let running: ExtensionSession | undefined;
  let consoleOf: ConsoleRecorder = { lines: [] };
  const start = async (options: LaunchOptions) => {
    running = await launchExtension(options);
    consoleOf = recordConsole(running.context);
  };
  const close = async () => {
    const closing = running;
    running = undefined;
    await closing?.close();
  };
  const setUp = async () => {
    if (configure) await configureThroughDoor(running!, credentialsOf(configure.sandbox, configure.as));
  };
  let fresh = false;
  (perTest ? beforeEach : beforeAll)(async () => {
    await start(launch);
    await setUp();
    fresh = true;
  });
  if (resetEachTest && !perTest)
    beforeEach(async () => {
      if (fresh) return void (fresh = false);
      await resetThroughDoor(running!);
      await setUp();
      configure?.sandbox.reset();
    });
  (perTest ? afterEach : afterAll)(close);
  // Registered after the close: after-hooks run last-first, so the pages are still open here.
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await keepFailure(task, running?.context, consoleOf.lines, requestLog);
    consoleOf.lines = [];
  });
  const relaunch = async (options: LaunchOptions = {}) => {
    await close();
    await start(options);
  };
  return standIn<BrowserSession>(() => running as BrowserSession | undefined, 'The browser', { relaunch });
}

export interface ExtensionOptions {
  /** The sandbox's options: profile, rate limit, latency, … */
  sandbox?: SandboxOptions;
  /** Reset the sandbox and the extension before each test (the default), or keep both through the file. */
  resetEachTest?: boolean;
  /** Set the extension up as this account once the browser runs; by default it is left unconfigured. */
  as?: Account;
  /** How Chromium is launched: theme, locale, a browser per test. */
  browser?: Omit<BrowserOptions, 'configure'>;
}

/** A sandbox and a browser for the tests of this file (or `describe`); see useSandbox and useBrowser. */
export function useExtension(options: ExtensionOptions = {}): { sandbox: Sandbox; session: BrowserSession } {
  // The E2E build's clock runs ×E2E_TIME_SCALE: its sandbox's windows and Retry-After alike.
  const sandbox = useSandbox(
    { timeScale: E2E_TIME_SCALE, ...options.sandbox },
    { resetEachTest: options.resetEachTest },
  );
  const configure = options.as === undefined ? undefined : { sandbox, as: options.as };
  const resetEachTest = options.browser?.resetEachTest ?? options.resetEachTest ?? true;
  const session = useBrowser({ ...options.browser, configure, resetEachTest }, () => sandbox.log);
  return { sandbox, session };
}

function credentialsOf(sandbox: Sandbox, account: Account) {
  if (typeof account === 'string') return demoCredentials(sandbox, account);
  return { baseUrl: sandbox.url, token: account.token, secret: account.secret };
}
