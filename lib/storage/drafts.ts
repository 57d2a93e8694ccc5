/**
 * Unsaved edits, one storage.local key per target and slot, so closing the popup (any outside
 * click does) loses nothing. `base` is the lastUpdated the edit started from: a save compares it
 * with the server's, so a draft never silently overwrites a change made meanwhile.
 */
import { browser } from 'wxt/browser';
import type { Target } from '../api/schemas';
import { slotKey } from '../slots/keys';
import { z } from '../zod';

export const Draft = z.object({
  title: z.string(),
  data: z.string(),
  base: z.nullable(z.string()),
  savedAt: z.number(),
});
export type Draft = z.infer<typeof Draft>;

const PREFIX = 'draft.v1';
const key = (target: Target, option: number) => slotKey(PREFIX, target, option);

export async function putDraft(target: Target, option: number, draft: Draft): Promise<void> {
  await browser.storage.local.set({ [key(target, option)]: Draft.parse(draft) });
}

export async function removeDraft(target: Target, option: number): Promise<void> {
  await browser.storage.local.remove(key(target, option));
}

/** The drafts of `options` of one target, by slot number; unreadable entries are skipped. */
export async function readDrafts(target: Target, options: readonly number[]): Promise<Map<number, Draft>> {
  const keys = options.map((option) => key(target, option));
  const found = await browser.storage.local.get(keys);
  const drafts = new Map<number, Draft>();
  options.forEach((option, i) => {
    const parsed = Draft.safeParse(found[keys[i] as string]);
    if (parsed.success) drafts.set(option, parsed.data);
  });
  return drafts;
}
