/** The storage area's change events, narrowed to the keys a stored item or family owns. */
import { browser } from 'wxt/browser';
import type { StorageArea } from './area';

/** Storage change events for the keys `matches` accepts, with the new raw value (undefined = removed). */
export function watchKeys(
  where: StorageArea,
  matches: (key: string) => boolean,
  callback: (key: string, raw: unknown) => void,
): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, changedArea: string) => {
    if (changedArea !== where) return;
    for (const [key, change] of Object.entries(changes)) if (matches(key)) callback(key, change.newValue);
  };
  try {
    browser.storage.onChanged.addListener(listener);
  } catch {
    return () => undefined; // no storage events (some test environments)
  }
  return () => browser.storage.onChanged.removeListener(listener);
}
