/**
 * Request economy: a read answered from the profile's cache while it is younger than the
 * profile's freshness window (no request at all), unless the user asked for it (Refresh, Retry:
 * priority 'user'); otherwise read from the API and kept with its time.
 */
import { ok, type Result } from '../api/errors';
import type { RequestHint } from '../messaging/protocol';
import { isFresh, readCached, writeCached } from '../storage/cache';
import { refreshFirstView } from '../storage/first-view';
import type { Profile } from '../storage/profiles';
import type { z } from '../zod';

export const freshnessMs = (profile: Pick<Profile, 'freshnessMinutes'>) => profile.freshnessMinutes * 60_000;

/** The cached answers the popup's first view shows: the item is composed anew after each. */
const FIRST_VIEW_PARTS = new Set(['buildings', 'details']);

export interface CacheSpec<S extends z.ZodMiniType> {
  parts: string[];
  schema: S;
}

export async function cachedRead<T>(
  profile: Profile,
  hint: RequestHint,
  cache: CacheSpec<z.ZodMiniType>,
  read: () => Promise<Result<T>>,
): Promise<Result<T>> {
  if (hint?.priority !== 'user') {
    const cached = await readCached(profile.id, cache.parts, cache.schema);
    if (cached && isFresh(cached.savedAt, Date.now(), freshnessMs(profile))) return ok(cached.value as T);
  }
  const answer = await read();
  if (answer.ok) {
    await writeCached(profile.id, cache.parts, answer.value, Date.now());
    if (FIRST_VIEW_PARTS.has(cache.parts[0] ?? '')) void refreshFirstView();
  }
  return answer;
}
