/**
 * Values the extension replaced, newest first, the last HISTORY_MAX per slot, in storage.local.
 * The worker adds an entry before every overwrite; any entry can be written back.
 */
import { browser } from 'wxt/browser';
import type { PageOption, Target } from '../api/schemas';
import { slotKey } from '../slots/keys';
import { z } from '../zod';

export const HISTORY_MAX = 20;

export const HistoryEntry = z.object({
  /** When it was replaced (ms since the epoch). */
  time: z.number(),
  title: z.string(),
  data: z.string(),
  lastUpdated: z.nullable(z.string()),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;
const HistoryList = z.array(HistoryEntry);

const key = (target: Target, option: number) => slotKey('history.v1', target, option);

export async function readHistory(target: Target, option: number): Promise<HistoryEntry[]> {
  const k = key(target, option);
  const parsed = HistoryList.safeParse((await browser.storage.local.get(k))[k]);
  return parsed.success ? parsed.data : [];
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

export async function pushHistory(
  target: Target,
  option: number,
  replaced: PageOption,
  time: number = Date.now(),
): Promise<HistoryEntry[]> {
  const entry = { time, title: replaced.title, data: replaced.data, lastUpdated: replaced.lastUpdated };
  const list = addEntry(await readHistory(target, option), entry);
  await browser.storage.local.set({ [key(target, option)]: list });
  return list;
}
