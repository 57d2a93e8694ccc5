/**
 * A profile's freshness window by default, in minutes: the settings' default, declared apart and
 * without zod because pages use it in their first bytes (through lib/cache/fresh.ts).
 */
export const FRESHNESS_MINUTES_DEFAULT = 5;
