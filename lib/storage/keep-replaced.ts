/**
 * Keeping a replaced value in the slot's history before an overwrite, never at the cost of the
 * backups an import can still be undone with (its jobs, lib/storage/jobs.ts).
 */
import type { Target } from '../api/schemas';
import { type HistoryEntry, historyWrite, pushHistory } from './history';
import { undoableImports } from './jobs';
import { makeRoom, scheduleBudget } from './storage-room';
import { isQuotaError } from './quota';
import type { PendingWrites, StoredWrite } from './stored-item';

export type KeptReplaced = 'kept' | 'madeRoom' | 'notKept';

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
  const read = () => historyWrite(profileId, target, option, entry);
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
