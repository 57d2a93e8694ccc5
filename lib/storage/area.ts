/**
 * The two storage areas the extension uses, zod-free: a page's first view (the profile hint) reads
 * them before zod has loaded.
 */
import { browser } from 'wxt/browser';

export type StorageArea = 'local' | 'session';

export const area = (name: StorageArea) => browser.storage[name];

/** Everything stored, in both areas, removed: a new install (the E2E build's test door only). */
export const clearBothAreas = (): Promise<void> =>
  Promise.all([area('local').clear(), area('session').clear()]).then(() => undefined);
