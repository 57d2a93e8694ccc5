/**
 * Unsaved edits, one key per profile, target and slot, so closing the popup (any outside click
 * does) loses nothing. `start` is the value the edit started from: a save is written only while the
 * slot still holds it, so a draft never silently overwrites a change made meanwhile. A draft stored
 * with the `base` (lastUpdated) older builds kept loads as it is, without it: no save checked it.
 */
import { SlotValue, type Target } from '../api/schemas';
import { z } from '../zod';
import { profileFamily } from './registry';

export const Draft = z.object({
  ...SlotValue.shape,
  start: z.optional(SlotValue),
  savedAt: z.number(),
});
export type Draft = z.infer<typeof Draft>;

/** Version 1 wraps the unversioned value of the first release unchanged. */
export const draftFamily = profileFamily('draft', Draft, {
  version: 1,
  migrations: { 1: (v) => v },
  signOut: 'askFirst',
  bound: { budget: 'draft' },
});

const parts = (target: Target, option: number) => [target.kind, target.id, String(option)];

export async function putDraft(
  profileId: string,
  target: Target,
  option: number,
  draft: Draft,
): Promise<void> {
  await draftFamily.set(draft, profileId, ...parts(target, option));
}

/** The slot's draft, or null when there is none (or it was unreadable). */
export function readDraft(profileId: string, target: Target, option: number): Promise<Draft | null> {
  return draftFamily.get(profileId, ...parts(target, option));
}

export async function removeDraft(profileId: string, target: Target, option: number): Promise<void> {
  await draftFamily.remove(profileId, ...parts(target, option));
}

/** The drafts of `options` of one target, by slot number; unreadable entries are dropped alone. */
export async function readDrafts(
  profileId: string,
  target: Target,
  options: readonly number[],
): Promise<Map<number, Draft>> {
  const found = await Promise.all(options.map((o) => draftFamily.get(profileId, ...parts(target, o))));
  const drafts = new Map<number, Draft>();
  options.forEach((option, i) => {
    const draft = found[i];
    if (draft) drafts.set(option, draft);
  });
  return drafts;
}
