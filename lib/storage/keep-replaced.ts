/**
 * Keeping a replaced value in the slot's history before an overwrite, never at the cost of the
 * backups an import can still be undone with (its jobs, lib/storage/import-jobs.ts).
 */
import type { Target } from '../api/schemas';
import { type HistoryEntry, pushHistory } from './history';
import { undoableImports } from './import-jobs';
import { makeRoom, scheduleBudget } from './storage-room';
import { isQuotaError } from './stored-item';

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
