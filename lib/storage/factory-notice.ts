/**
 * Per profile: the reason the factory list was last found unavailable and shown to the user, so
 * the picker says why it falls back to hand entry once, not on every open.
 */
import { z } from '../zod';
import { profileFamily } from './registry';

export const factoryNoticeFamily = profileFamily(
  'factoryNotice',
  z.object({ reason: z.string(), shownAt: z.number() }),
  { version: 1, signOut: 'removed', bound: { boundedBy: 'one entry: the last reason shown' } },
);

/** True the first time `reason` is met for the profile (and remembers it); false afterwards. */
export async function firstTimeUnavailable(profileId: string, reason: string): Promise<boolean> {
  const shown = await factoryNoticeFamily.get(profileId);
  if (shown?.reason === reason) return false;
  await factoryNoticeFamily.set({ reason, shownAt: Date.now() }, profileId);
  return true;
}

/** The list answered again: a later fallback is news worth saying once more. */
export async function forgetFactoryNotice(profileId: string): Promise<void> {
  if (await factoryNoticeFamily.get(profileId)) await factoryNoticeFamily.remove(profileId);
}
