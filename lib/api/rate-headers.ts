/**
 * What an answer's headers say about the request budget: `Retry-After`, `X-RateLimit-*`,
 * `RateLimit-*` and the combined `RateLimit` / `RateLimit-Policy` fields of the IETF drafts.
 * Pure functions over a header lookup, so Node's and the browser's `Headers` both fit.
 */

export interface RateSignal {
  /** Requests allowed per window, when the server named it. */
  limit: number | null;
  /** Requests left in the current window. */
  remaining: number | null;
  /** Time until the current window resets, in ms. */
  resetMs: number | null;
  /** The window's length in ms (`RateLimit-Policy: 10;w=60`). */
  windowMs: number | null;
  /** From Retry-After, in ms. */
  retryAfterMs: number | null;
}

type HeaderLookup = { get(name: string): string | null };
/** A clock's time at an epoch ms (lib/api/clock.ts `clockTimeOf`): absolute forms are read through it. */
type AtEpoch = (epochMs: number) => number;
const sameTime: AtEpoch = (epochMs) => epochMs;

const count = (value: string | null | undefined): number | null => {
  if (value === null || value === undefined) return null;
  const n = Number(value.trim().replace(/^"|"$/g, ''));
  return Number.isFinite(n) && n >= 0 ? Math.floor(n) : null;
};

/**
 * A reset value in ms from now. Servers send seconds until the reset, or (GitHub style) the reset
 * as epoch seconds: a number above a billion can only be the latter.
 */
function resetMsOf(value: string | null | undefined, now: number, atEpoch: AtEpoch): number | null {
  if (value === null || value === undefined) return null;
  const n = Number(value.trim());
  if (!Number.isFinite(n) || n < 0) return null;
  if (n > 1e9) return Math.max(0, atEpoch(n * 1000) - now);
  return Math.round(n * 1000);
}

/** `limit=10, remaining=3, reset=20` (draft 6) or `"default";r=3;t=20` (draft 7+) as a map. */
function parameters(value: string | null): Map<string, string> {
  const out = new Map<string, string>();
  if (value === null) return out;
  for (const part of value.split(/[;,]/)) {
    const eq = part.indexOf('=');
    if (eq === -1) {
      const bare = part.trim();
      if (/^\d+$/.test(bare) && !out.has('q')) out.set('q', bare);
      continue;
    }
    out.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return out;
}

export function readRateSignal(headers: HeaderLookup, now: number, atEpoch: AtEpoch = sameTime): RateSignal {
  const combined = parameters(headers.get('ratelimit'));
  const policy = parameters(headers.get('ratelimit-policy') ?? headers.get('x-ratelimit-policy'));
  const pick = (...names: string[]) => {
    for (const name of names) {
      const found = headers.get(name);
      if (found !== null) return found;
    }
    return null;
  };
  const limit =
    count(pick('x-ratelimit-limit', 'ratelimit-limit')) ??
    count(combined.get('limit') ?? combined.get('l')) ??
    count(policy.get('q'));
  const remaining =
    count(pick('x-ratelimit-remaining', 'ratelimit-remaining')) ??
    count(combined.get('remaining') ?? combined.get('r'));
  const resetMs =
    resetMsOf(pick('x-ratelimit-reset', 'ratelimit-reset'), now, atEpoch) ??
    resetMsOf(combined.get('reset') ?? combined.get('t'), now, atEpoch);
  const window = count(policy.get('w'));
  return {
    limit,
    remaining,
    resetMs,
    windowMs: window !== null && window > 0 ? window * 1000 : null,
    retryAfterMs: parseRetryAfter(headers.get('retry-after'), now, atEpoch),
  };
}

/** Retry-After as seconds or as an HTTP-date, in ms from now; null when absent or unreadable. */
export function parseRetryAfter(
  value: string | null,
  now: number = Date.now(),
  atEpoch: AtEpoch = sameTime,
): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (text === '') return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return null;
  return Math.max(0, atEpoch(date) - now);
}
