/**
 * Answers of the API kept per profile and resource with their time (stale-while-revalidate). The
 * worker writes an entry after each successful read; pages read them for an instant first view.
 * An entry that no longer matches its schema counts as absent and is removed, alone.
 *
 * The profile's cache budget holds after every write: the oldest entries go before a new one is
 * written, and an answer larger than any limit of the spec is not cached at all. The worker keeps
 * the sizes of each profile's entries in memory, so a write does not read the whole storage: what
 * it knows can only overstate the cache (an entry removed elsewhere), never understate it, and before
 * evicting anything it scans the storage again; eviction then goes down to 90 % of the budget.
 */
import { countCharacters, DATA_MAX, TITLE_MAX } from '../api/slot-limits';
import { z } from '../zod';
import { profileFamily } from './registry';
import { profilesItem } from './profiles';
import { CACHE_ENTRY_MAX_BYTES, budgetsFor, storedSize } from './quota';

export interface Cached<T> {
  value: T;
  /** Epoch milliseconds of the answer. */
  savedAt: number;
}

const CacheEntry = z.object({ savedAt: z.number().check(z.nonnegative()), value: z.unknown() });
export const cacheFamily = profileFamily('cache', CacheEntry, {
  version: 1,
  signOut: 'removed',
  bound: { budget: 'cache' },
});

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

type Sizes = Map<string, { bytes: number; savedAt: number; parts: string[] }>;
const sizes = new Map<string, Sizes>();

/** Reads the sizes of a profile's cache entries from storage (the whole area: done rarely). */
async function scanSizes(profileId: string): Promise<Sizes> {
  const entries = await cacheFamily.entries(profileId);
  const scanned: Sizes = new Map(
    entries.map((e) => [
      e.key,
      { bytes: storedSize(e.key, e.value), savedAt: e.value.savedAt, parts: e.parts },
    ]),
  );
  sizes.set(profileId, scanned);
  return scanned;
}

const evictionListeners = new Set<(profileId: string) => void>();

/** Tells `listener` when a write evicted older answers of a profile (the first view shows some). */
export function onCacheEvicted(listener: (profileId: string) => void): void {
  evictionListeners.add(listener);
}

/** Writes of one profile's cache, one after another, so the budget is checked against what is stored. */
const writing = new Map<string, Promise<unknown>>();

/** A slot answer beyond the spec's limits of title and data: never cached. */
function beyondSpec(parts: readonly string[], value: unknown): boolean {
  if (parts[0] !== 'option' || typeof value !== 'object' || value === null) return false;
  const { title, data } = value as { title?: unknown; data?: unknown };
  return (
    (typeof title === 'string' && countCharacters(title) > TITLE_MAX) ||
    (typeof data === 'string' && countCharacters(data) > DATA_MAX)
  );
}

/**
 * Keeps an answer with its time, within the profile's cache budget (evicting the oldest first);
 * one too large to cache replaces nothing and only removes the older answer it would have updated.
 */
export function writeCached(
  profileId: string,
  parts: readonly string[],
  value: unknown,
  savedAt: number,
): Promise<void> {
  const run = (writing.get(profileId) ?? Promise.resolve()).then(() =>
    storeWithinBudget(profileId, parts, value, savedAt).catch(() => undefined),
  );
  writing.set(profileId, run);
  return run;
}

async function storeWithinBudget(
  profileId: string,
  parts: readonly string[],
  value: unknown,
  savedAt: number,
) {
  const key = cacheFamily.key(profileId, ...parts);
  const entry = { savedAt, value };
  const bytes = storedSize(key, entry);
  if (bytes > CACHE_ENTRY_MAX_BYTES || beyondSpec(parts, value)) {
    // An answer never kept costs only the instant reopen; the older one it would update goes.
    sizes.get(profileId)?.delete(key);
    await cacheFamily.remove(profileId, ...parts);
    return;
  }
  const budget = budgetsFor((await profilesItem.get()).list.length).cache;
  const totalOf = (known: Sizes) =>
    [...known.entries()].reduce((sum, [k, e]) => (k === key ? sum : sum + e.bytes), 0);
  let known = sizes.get(profileId) ?? (await scanSizes(profileId));
  if (totalOf(known) + bytes > budget) known = await scanSizes(profileId);
  let total = totalOf(known);
  let evicted = false;
  if (total + bytes > budget) {
    const target = budget * 0.9;
    for (const [oldKey, old] of [...known.entries()].sort((a, b) => a[1].savedAt - b[1].savedAt)) {
      if (total + bytes <= target) break;
      if (oldKey === key) continue;
      await cacheFamily.remove(profileId, ...old.parts);
      known.delete(oldKey);
      total -= old.bytes;
      evicted = true;
    }
  }
  await cacheFamily.set(entry, profileId, ...parts);
  known.set(key, { bytes, savedAt, parts: [...parts] });
  if (evicted) for (const listener of evictionListeners) listener(profileId);
}

/** The kinds of building answer the dashboard shows, each cached under its own key. */
export type AnswerKind = 'buildings' | 'details' | 'rooms' | 'tenants' | 'accounts';

/** The cache entry of a building answer: the list has one, every section one per building. */
export const answerParts = (kind: AnswerKind, buildingId?: string): string[] =>
  kind === 'buildings' || buildingId === undefined ? [kind] : [kind, buildingId];

/** The cache entry of one slot: what a read, a save or an import learned of it. */
export const optionParts = (target: { kind: string; id: string }, option: number) => [
  'option',
  target.kind,
  target.id,
  String(option),
];
