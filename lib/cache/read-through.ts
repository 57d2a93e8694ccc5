/**
 * A read through the profile's cache: the cached answer while it is younger than `freshMs` (no
 * request at all), otherwise `read` from the API and keep a successful answer with its time.
 * `freshMs` 0 always reads (the user asked: Refresh, Retry). Used by the worker's handlers and
 * the backup runner alike.
 */
import { ok, type Result } from '../api/errors';
import { readCached, writeCached } from '../storage/cache';
import type { z } from '../zod';
import { isFresh } from './fresh';

export interface CacheSpec<S extends z.ZodMiniType> {
  parts: string[];
  schema: S;
}

export async function readThrough<T>(
  profileId: string,
  cache: CacheSpec<z.ZodMiniType>,
  freshMs: number,
  read: () => Promise<Result<T>>,
): Promise<Result<T>> {
  if (freshMs > 0) {
    const cached = await readCached(profileId, cache.parts, cache.schema);
    if (cached && isFresh(cached.savedAt, Date.now(), freshMs)) return ok(cached.value as T);
  }
  const answer = await read();
  if (answer.ok) await writeCached(profileId, cache.parts, answer.value, Date.now());
  return answer;
}
