/**
 * Stale-while-revalidate cache of API answers in storage.local, one entry per building and section.
 * What comes back from storage is validated like any other input: an entry from an older version or
 * a corrupted one counts as absent (and is removed), never as data.
 */
import { browser } from 'wxt/browser';
import { z } from '../zod';

export { CACHE_FRESH_MS, isFresh } from './fresh';

const PREFIX = 'cache.v1.';

export interface Cached<T> {
  value: T;
  /** Epoch milliseconds of the answer. */
  savedAt: number;
}

export function cacheKey(section: string, id = ''): string {
  return id ? `${PREFIX}${section}.${id}` : `${PREFIX}${section}`;
}

const entryOf = <S extends z.ZodMiniType>(schema: S) =>
  z.object({ savedAt: z.number().check(z.nonnegative()), value: schema });

export async function readCached<S extends z.ZodMiniType>(
  key: string,
  schema: S,
): Promise<Cached<z.output<S>> | null> {
  try {
    const found = await browser.storage.local.get(key);
    if (found[key] === undefined) return null;
    const parsed = entryOf(schema).safeParse(found[key]);
    if (parsed.success) return parsed.data as Cached<z.output<S>>;
    await browser.storage.local.remove(key);
  } catch {
    // Storage unavailable: behave as if nothing were cached.
  }
  return null;
}

export async function writeCached<T>(key: string, value: T, savedAt: number): Promise<void> {
  try {
    await browser.storage.local.set({ [key]: { savedAt, value } });
  } catch {
    // A full or unavailable storage only costs the instant reopen.
  }
}
