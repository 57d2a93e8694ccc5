/**
 * Lets the worker's code run in plain Node (the bench): `wxt/browser` resolves to
 * `globalThis.browser` when it has a runtime id, so wxt's in-memory fake browser stands in for the
 * extension's storage. Import this module before anything that imports `wxt/browser`.
 */
import { fakeBrowser } from 'wxt/testing/fake-browser';

const global = globalThis as { browser?: unknown; chrome?: unknown };
global.browser = fakeBrowser;
global.chrome ??= fakeBrowser;

export { fakeBrowser };
