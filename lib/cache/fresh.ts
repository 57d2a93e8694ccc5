/** How long a cached answer is shown without asking the API again (no zod: pages use it in their first bytes). */
export const CACHE_FRESH_MS = 5 * 60_000;

export function isFresh(savedAt: number, now: number, freshMs = CACHE_FRESH_MS): boolean {
  const age = now - savedAt;
  return age >= 0 && age < freshMs;
}
