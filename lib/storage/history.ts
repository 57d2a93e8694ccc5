/**
 * Values the extension replaced, newest first, the last HISTORY_MAX per slot, one key per profile,
 * target and slot: declared and read here. The worker adds an entry before every overwrite, through
 * its one write path (lib/storage/keep-replaced.ts); any entry can be written back.
 */
import { PageOption, type Target } from '../api/schemas';
import { z } from '../zod';
import { profileFamily } from './registry';
import { storedList } from './stored-item';

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

/** The bytes of a profile's history entries per import that replaced them (as the budgets count them). */
export async function historyBytesByJob(profileId: string): Promise<Map<string, number>> {
  const bytes = new Map<string, number>();
  for (const { value } of await historyFamily.entries(profileId))
    for (const entry of value)
      if (entry.jobId)
        bytes.set(entry.jobId, (bytes.get(entry.jobId) ?? 0) + JSON.stringify(entry).length + 1);
  return bytes;
}
