/** The freshness rule for cached answers (no zod: pages use it in their first bytes). */
import { FRESHNESS_MINUTES_DEFAULT } from '../storage/freshness-default';

/** How long a cached answer is shown without asking the API again, by default. */
export const CACHE_FRESH_MS = FRESHNESS_MINUTES_DEFAULT * 60_000;

/** A profile's freshness window in milliseconds. */
export const freshnessMs = (profile: { freshnessMinutes: number }) => profile.freshnessMinutes * 60_000;

export function isFresh(savedAt: number, now: number, freshMs = CACHE_FRESH_MS): boolean {
  const age = now - savedAt;
  return age >= 0 && age < freshMs;
}
