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

/** Reads under way, by profile, account and answer: a second reader of the same answer waits for the first. */
const pending = new Map<string, Promise<Result<unknown>>>();

/**
 * `share` names the account the read is for (it changes with the account: the profile's epoch):
 * while a read of the same answer for it is under way, another caller (a page and the portfolio's
 * refresh at once) gets that read's answer instead of sending the request again.
 */
export async function readThrough<T>(
  profileId: string,
  cache: CacheSpec<z.ZodMiniType>,
  freshMs: number,
  read: () => Promise<Result<T>>,
  share?: string,
  now: () => number = Date.now,
): Promise<Result<T>> {
  if (freshMs > 0) {
    const cached = await readCached(profileId, cache.parts, cache.schema);
    if (cached && isFresh(cached.savedAt, now(), freshMs)) return ok(cached.value as T);
  }
  const readAndKeep = async () => {
    const answer = await read();
    if (answer.ok) await writeCached(profileId, cache.parts, answer.value, now());
    return answer;
  };
  // A read the user asked for (freshMs 0) always goes itself.
  if (share === undefined || freshMs === 0) return readAndKeep();
  const key = [profileId, share, ...cache.parts].join('\u0000');
  const found = pending.get(key);
  if (found) return found as Promise<Result<T>>;
  const promise = readAndKeep().finally(() => pending.delete(key));
  pending.set(key, promise);
  return promise;
}
