/**
 * Values the extension replaced, newest first, the last HISTORY_MAX per slot, one key per profile,
 * target and slot. The worker adds an entry before every overwrite; any entry can be written back.
 */
import { PageOption, type Target } from '../api/schemas';
import { z } from '../zod';
import { profileFamily } from './registry';
import { type StoredWrite, storedList } from './stored-item';

export const HISTORY_MAX = 20;

export const HistoryEntry = z.object({
  /** When it was replaced (ms since the epoch). */
  time: z.number(),
  ...PageOption.shape,
  /** The import that replaced it: kept while that import can be undone. */
  jobId: z.optional(z.string()),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

/** One damaged entry is dropped alone; the slot keeps the rest of its history. */
export const historyFamily = profileFamily('history', storedList(HistoryEntry), {
  version: 1,
  signOut: 'askFirst',
  bound: { budget: 'history' },
  migrations: { 1: (v) => v },
});

export const historyParts = (target: Target, option: number) => [target.kind, target.id, String(option)];

export async function readHistory(
  profileId: string,
  target: Target,
  option: number,
): Promise<HistoryEntry[]> {
  return (await historyFamily.get(profileId, ...historyParts(target, option))) ?? [];
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

export function historyEntry(replaced: PageOption, time: number = Date.now(), jobId?: string): HistoryEntry {
  return {
    time,
    title: replaced.title,
    data: replaced.data,
    lastUpdated: replaced.lastUpdated,
    ...(jobId ? { jobId } : {}),
  };
}

/** The slot's history with `entry` on top, ready to be stored with other values in one call. */
export async function historyWrite(
  profileId: string,
  target: Target,
  option: number,
  entry: HistoryEntry,
): Promise<StoredWrite> {
  const list = addEntry(await readHistory(profileId, target, option), entry);
  return historyFamily.write(list, profileId, ...historyParts(target, option));
}

export async function pushHistory(
  profileId: string,
  target: Target,
  option: number,
  entry: HistoryEntry,
): Promise<HistoryEntry[]> {
  const list = addEntry(await readHistory(profileId, target, option), entry);
  await historyFamily.set(list, profileId, ...historyParts(target, option));
  return list;
}

/** The bytes of a profile's history entries per import that replaced them (as the budgets count them). */
export async function historyBytesByJob(profileId: string): Promise<Map<string, number>> {
  const bytes = new Map<string, number>();
  for (const { value } of await historyFamily.entries(profileId))
    for (const entry of value)
      if (entry.jobId)
        bytes.set(entry.jobId, (bytes.get(entry.jobId) ?? 0) + JSON.stringify(entry).length + 1);
  return bytes;
}
