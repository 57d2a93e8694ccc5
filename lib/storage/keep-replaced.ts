/**
 * A slot's history written: the one write path of lib/storage/history.ts (the entry made from the
 * replaced value, put on top, stored), which keeps a replaced value before an overwrite, never at
 * the cost of the backups an import can still be undone with (its jobs, lib/storage/jobs.ts).
 */
import type { PageOption, Target } from '../api/schemas';
import { HISTORY_MAX, type HistoryEntry, historyFamily, historyParts, readHistory } from './history';
import { undoableImports } from './jobs';
import { makeRoom, scheduleBudget } from './storage-room';
import { isQuotaError } from './quota';
import type { PendingWrites, StoredWrite } from './stored-item';

export type KeptReplaced = 'kept' | 'madeRoom' | 'notKept';

export function historyEntry(replaced: PageOption, time: number = Date.now(), jobId?: string): HistoryEntry {
  return {
    time,
    title: replaced.title,
    data: replaced.data,
    lastUpdated: replaced.lastUpdated,
    ...(jobId ? { jobId } : {}),
  };
}

/** Adds the replaced value on top; the same version twice in a row is kept once. */
export function addEntry(
  list: readonly HistoryEntry[],
  entry: HistoryEntry,
  max = HISTORY_MAX,
): HistoryEntry[] {
  const top = list[0];
  const same =
    top && top.title === entry.title && top.data === entry.data && top.lastUpdated === entry.lastUpdated;
  return (same ? list : [entry, ...list]).slice(0, max);
}

const withEntry = async (profileId: string, target: Target, option: number, entry: HistoryEntry) =>
  addEntry(await readHistory(profileId, target, option), entry);

/** Stores the slot's history with `entry` on top (no room made: see keepReplaced). */
export async function pushHistory(
  profileId: string,
  target: Target,
  option: number,
  entry: HistoryEntry,
): Promise<HistoryEntry[]> {
  const list = await withEntry(profileId, target, option, entry);
  await historyFamily.set(list, profileId, ...historyParts(target, option));
  return list;
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
    scheduleBudget(profileId, undoableImports);
    return 'kept';
  } catch (error) {
    if (!isQuotaError(error)) throw error;
  }
  await makeRoom(profileId, await undoableImports(profileId));
  try {
    await pushHistory(profileId, target, option, entry);
    return 'madeRoom';
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    return 'notKept';
  }
}

/**
 * The replaced value's history, to be stored in the same call as the caller's own write (a job's
 * progress: one round trip, both stored or neither); read at once, and again if that write is
 * tried again after room was made. The budgets are enforced a little later, as for `keepReplaced`.
 */
export function replacedHistory(
  profileId: string,
  target: Target,
  option: number,
  entry: HistoryEntry,
): PendingWrites {
  const read = async () =>
    historyFamily.write(
      await withEntry(profileId, target, option, entry),
      profileId,
      ...historyParts(target, option),
    );
  // Read at once, while the job's earlier saves are still going on; read again only after room was made.
  let first: Promise<StoredWrite> | null = read();
  first.catch(() => undefined);
  return async () => {
    const write = await (first ?? read());
    first = null;
    scheduleBudget(profileId, undoableImports);
    return [write];
  };
}
