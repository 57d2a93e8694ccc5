/**
 * Per profile (one account): the text this account clears a slot with when its server refuses an
 * empty title or data (the live service may; one public client writes "."). Empty until the user
 * accepts a placeholder after such a refusal; a slot holding only it is shown as empty.
 */
import { z } from '../zod';
import { profileFamily } from './registry';

export const placeholderFamily = profileFamily(
  'placeholder',
  z.object({ value: z.string().check(z.minLength(1), z.maxLength(64)) }),
  { version: 1, signOut: 'removed', bound: { boundedBy: 'one entry: the clearing text' } },
);

/** The account's placeholder, or '' when it clears with empty text. */
export async function readPlaceholder(profileId: string): Promise<string> {
  return (await placeholderFamily.get(profileId))?.value ?? '';
}

export function rememberPlaceholder(profileId: string, value: string): Promise<void> {
  return placeholderFamily.set({ value }, profileId);
}
