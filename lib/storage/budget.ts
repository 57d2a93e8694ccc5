/**
 * Bounded storage. Each profile has a budget per family: cached answers (evicted oldest first),
 * history (oldest entries first, never the backups of an import that can still be undone) and
 * drafts (oldest first, far beyond what one person edits at once). When the browser's quota is hit
 * anyway, room is made (cached answers first, then the oldest history) and the write is tried
 * again; the caller learns whether the replaced value could be kept.
 */
import type { Target } from '../api/schemas';
import { cacheFamily } from './cache';
import { draftFamily } from './drafts';
import { type Family, profileUsage } from './family';
import { firstViewUsage, refreshFirstView } from './first-view';
import { type HistoryEntry, historyFamily, pushHistory } from './history';
import { profilesItem } from './profiles';
import { isQuotaError } from './stored-item';

/** Bytes per profile (UTF-16 code units of key + JSON); storage.local holds 10 MB in all. */
export const BUDGETS = { cache: 1_000_000, history: 2_000_000, draft: 500_000 } as const;
export type BudgetFamily = keyof typeof BUDGETS;

const sizeOf = (key: string, value: unknown) => key.length + JSON.stringify({ v: 1, value }).length;

/** Import ids whose backups must stay: finished imports that can still be undone. */
export type ProtectedJobs = (profileId: string) => Promise<ReadonlySet<string>>;

/** Removes the oldest entries of a family until it fits `budget`; returns the bytes freed. */
async function evictOldest<T>(
  family: Family<T>,
  profileId: string,
  budget: number,
  timeOf: (value: T) => number,
  /** Bytes the family's budget also covers (the first view, made of cached answers). */
  alsoCounted = 0,
): Promise<number> {
  const entries = await family.entries(profileId);
  let total = alsoCounted + entries.reduce((sum, e) => sum + sizeOf(e.key, e.value), 0);
  let freed = 0;
  for (const entry of entries.sort((a, b) => timeOf(a.value) - timeOf(b.value))) {
    if (total <= budget) break;
    const size = sizeOf(entry.key, entry.value);
    await family.remove(profileId, ...entry.parts);
    total -= size;
    freed += size;
  }
  return freed;
}

/** Drops the oldest history entries (of any slot) until the profile's history fits `budget`. */
async function trimHistory(profileId: string, budget: number, keep: ReadonlySet<string>): Promise<number> {
  const entries = await historyFamily.entries(profileId);
  const all = entries.flatMap((e) => e.value.map((entry) => ({ slot: e, entry })));
  let total = entries.reduce((sum, e) => sum + sizeOf(e.key, e.value), 0);
  const before = total;
  const drop = new Set<HistoryEntry>();
  for (const { entry } of all.sort((a, b) => a.entry.time - b.entry.time)) {
    if (total <= budget) break;
    if (entry.jobId && keep.has(entry.jobId)) continue;
    drop.add(entry);
    total -= JSON.stringify(entry).length + 1;
  }
  for (const slot of entries) {
    const kept = slot.value.filter((entry) => !drop.has(entry));
    if (kept.length === slot.value.length) continue;
    if (kept.length === 0) await historyFamily.remove(profileId, ...slot.parts);
    else await historyFamily.set(kept, profileId, ...slot.parts);
  }
  return before - total;
}

export async function enforceBudgets(
  profileId: string,
  keep: ReadonlySet<string> = new Set(),
): Promise<void> {
  const firstView = (await firstViewUsage(profileId))?.bytes ?? 0;
  const evicted = await evictOldest(cacheFamily, profileId, BUDGETS.cache, (v) => v.savedAt, firstView);
  // The first view shows cached answers: it goes with them (or keeps what is still cached).
  if (evicted > 0) await refreshFirstView();
  await evictOldest(draftFamily, profileId, BUDGETS.draft, (v) => v.savedAt);
  await trimHistory(profileId, BUDGETS.history, keep);
}

/** Frees room when the quota is hit: every profile's cached answers, then this profile's oldest history. */
export async function makeRoom(profileId: string, keep: ReadonlySet<string> = new Set()): Promise<void> {
  const { list } = await profilesItem.get();
  for (const profile of list) await cacheFamily.removeAll(profile.id);
  await refreshFirstView();
  await trimHistory(profileId, BUDGETS.history / 2, keep);
}

export type KeptReplaced = 'kept' | 'madeRoom' | 'notKept';

let protectedJobs: ProtectedJobs = async () => new Set();

/** The import module tells which jobs can still be undone (storage must not import it). */
export function setProtectedJobs(source: ProtectedJobs): void {
  protectedJobs = source;
}

/**
 * Keeps a replaced value in the slot's history before an overwrite. A full storage never blocks
 * the save: room is made and the write tried again; 'notKept' tells the caller to show the value.
 */
export async function keepReplaced(
  profileId: string,
  target: Target,
  option: number,
  entry: HistoryEntry,
): Promise<KeptReplaced> {
  try {
    await pushHistory(profileId, target, option, entry);
    scheduleBudget(profileId);
    return 'kept';
  } catch (error) {
    if (!isQuotaError(error)) throw error;
  }
  await makeRoom(profileId, await protectedJobs(profileId));
  try {
    await pushHistory(profileId, target, option, entry);
    return 'madeRoom';
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    return 'notKept';
  }
}

const pending = new Map<string, ReturnType<typeof setTimeout>>();

/** Enforces the budgets a little after a burst of writes, once. */
export function scheduleBudget(profileId: string, delayMs = 2_000): void {
  if (pending.has(profileId)) return;
  pending.set(
    profileId,
    setTimeout(() => {
      pending.delete(profileId);
      void protectedJobs(profileId)
        .then((keep) => enforceBudgets(profileId, keep))
        .catch(() => undefined);
    }, delayMs),
  );
}

export { profileUsage };
