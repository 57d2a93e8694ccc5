/**
 * The access token and API secret of each profile. Only the background worker imports this module:
 * pages learn whether credentials exist, never their values. They live in session storage (gone when
 * the browser closes) or local storage (this device), never in sync storage, and remember the origin
 * they were entered for: under another base URL they count as absent, so they never go elsewhere.
 */
import { z } from '../zod';
import { profileFamily } from './registry';
import { profilesItem } from './profiles';
import type { SecretPersistence } from './settings';
import { area } from './area';

export const Credentials = z.object({ token: z.string(), secret: z.string(), origin: z.string() });
export type Credentials = z.infer<typeof Credentials>;

export const credentialFamilies = {
  session: profileFamily('credentials', Credentials, {
    version: 1,
    area: 'session',
    signOut: 'removed',
    bound: { boundedBy: 'one entry: token and secret, until the browser closes' },
  }),
  local: profileFamily('credentials', Credentials, {
    version: 1,
    signOut: 'removed',
    bound: { boundedBy: 'one entry: token and secret' },
  }),
};

/** The profile's credentials when they were entered for `origin`; otherwise none. */
export async function readCredentials(
  profileId: string,
  persistence: SecretPersistence,
  origin: string,
): Promise<{ token: string; secret: string }> {
  const stored = await credentialFamilies[persistence].get(profileId);
  if (!stored || stored.origin !== origin) return { token: '', secret: '' };
  return { token: stored.token, secret: stored.secret };
}

/** A profile's credentials for the origin of its own base URL (none without a base URL). */
export async function profileCredentials(profile: {
  id: string;
  baseUrl: string;
  secretPersistence: SecretPersistence;
}): Promise<{ token: string; secret: string }> {
  if (!profile.baseUrl) return { token: '', secret: '' };
  return readCredentials(profile.id, profile.secretPersistence, new URL(profile.baseUrl).origin);
}

/** Writes to the chosen area first, then clears the other, so a failure never loses both. */
export async function writeCredentials(
  profileId: string,
  persistence: SecretPersistence,
  value: Credentials,
): Promise<void> {
  await credentialFamilies[persistence].set(value, profileId);
  await credentialFamilies[persistence === 'local' ? 'session' : 'local'].remove(profileId);
}

export async function forgetCredentials(profileId: string): Promise<void> {
  await Promise.all([
    credentialFamilies.session.remove(profileId),
    credentialFamilies.local.remove(profileId),
  ]);
}

const CREDENTIALS_KEY = /^p\.([^.]+)\.credentials:/;

/**
 * At start: removes the token and secret of every id no profile lists (a profile dropped as
 * unreadable, a removal interrupted), where no Forget could reach them. Nothing is removed while
 * the profiles were written by a newer version: their ids cannot be known.
 */
export async function removeUnlistedCredentials(): Promise<number> {
  if ((await profilesItem.newerVersion()) !== null) return 0;
  const listed = new Set((await profilesItem.get()).list.map((profile) => profile.id));
  let removed = 0;
  for (const where of ['session', 'local'] as const) {
    const keys = Object.keys(await area(where).get(null)).filter((key) => {
      const id = CREDENTIALS_KEY.exec(key)?.[1];
      return id !== undefined && !listed.has(id);
    });
    if (keys.length > 0) await area(where).remove(keys);
    removed += keys.length;
  }
  return removed;
}
