/**
 * Answers of the API kept per profile and resource with their time (stale-while-revalidate). The
 * worker writes an entry after each successful read; pages read them for an instant first view.
 * An entry that no longer matches its schema counts as absent and is removed, alone.
 */
import { z } from '../zod';
import { profileFamily } from './family';

export interface Cached<T> {
  value: T;
  /** Epoch milliseconds of the answer. */
  savedAt: number;
}

const CacheEntry = z.object({ savedAt: z.number().check(z.nonnegative()), value: z.unknown() });
export const cacheFamily = profileFamily('cache', CacheEntry, { version: 1 });

/** The cached answer for `parts` (e.g. ['rooms', buildingId]) when it still matches `schema`. */
export async function readCached<S extends z.ZodMiniType>(
  profileId: string,
  parts: readonly string[],
  schema: S,
): Promise<Cached<z.output<S>> | null> {
  try {
    const entry = await cacheFamily.get(profileId, ...parts);
    if (!entry) return null;
    const parsed = schema.safeParse(entry.value);
    if (parsed.success) return { savedAt: entry.savedAt, value: parsed.data as z.output<S> };
    await cacheFamily.remove(profileId, ...parts);
  } catch {
    // Storage unavailable: behave as if nothing were cached.
  }
  return null;
}

export async function writeCached(
  profileId: string,
  parts: readonly string[],
  value: unknown,
  savedAt: number,
): Promise<void> {
  try {
    await cacheFamily.set({ savedAt, value }, profileId, ...parts);
  } catch {
    // A full or unavailable storage only costs the instant reopen.
  }
}

/** The cache entry of one slot: what a read, a save or an import learned of it. */
export const optionParts = (target: { kind: string; id: string }, option: number) => [
  'option',
  target.kind,
  target.id,
  String(option),
];
