/**
 * Request economy: a read answered from the profile's cache while it is younger than the
 * profile's freshness window (no request at all), unless the user asked for it (Refresh, Retry:
 * priority 'user'); otherwise read from the API and kept with its time (lib/cache/read-through.ts).
 */
import type { Result } from '../api/errors';
import type { Priority } from '../api/scheduler-types';
import { freshnessMs } from './fresh';
import { type CacheSpec, readThrough } from './read-through';
import { refreshFirstView } from '../storage/first-view';
import type { Profile } from '../storage/profiles';
import type { z } from '../zod';

/** The cached answers the popup's first view shows: the item is composed anew after each. */
const FIRST_VIEW_PARTS = new Set(['buildings', 'details']);

export async function cachedRead<T>(
  profile: Profile,
  /** A read message's hint: a read the user asked for ('user') skips the cache. */
  hint: { priority: Priority } | undefined,
  cache: CacheSpec<z.ZodMiniType>,
  read: () => Promise<Result<T>>,
  /** The clock of the caller (the portfolio's, which tests set). */
  now: () => number = Date.now,
): Promise<Result<T>> {
  const freshMs = hint?.priority === 'user' ? 0 : freshnessMs(profile);
  const answer = await readThrough(profile.id, cache, freshMs, read, `epoch ${profile.epoch}`, now);
  if (answer.ok && FIRST_VIEW_PARTS.has(cache.parts[0] ?? '')) void refreshFirstView();
  return answer;
}
