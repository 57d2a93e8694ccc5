/** A profile's freshness window by default, in minutes (no zod: pages use it in their first bytes). */
export const FRESHNESS_MINUTES_DEFAULT = 5;

/** How long a cached answer is shown without asking the API again, by default. */
export const CACHE_FRESH_MS = FRESHNESS_MINUTES_DEFAULT * 60_000;

/** A profile's freshness window in milliseconds. */
export const freshnessMs = (profile: { freshnessMinutes: number }) => profile.freshnessMinutes * 60_000;

export function isFresh(savedAt: number, now: number, freshMs = CACHE_FRESH_MS): boolean {
  const age = now - savedAt;
  return age >= 0 && age < freshMs;
}
