/**
 * The sandbox's request limit: at most `limit` requests per window and API key (the bearer token),
 * counted in fixed windows that start with a key's first request. A refused request gets 429 with
 * `Retry-After` in whole seconds; `X-RateLimit-*` headers only when `headers` is on.
 */

export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

export const DEFAULT_WINDOW_SECONDS = 60;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** `10` or `10/15` (10 requests per 15 seconds); the window defaults to 60 seconds. */
export function parseRateLimit(text: string): Parsed<RateLimit> {
  const match = /^\s*(\d+)\s*(?:\/\s*(\d+)\s*)?$/.exec(text);
  if (!match)
    return { ok: false, message: `rate limit must read N or N/seconds (e.g. 10/60), got "${text}"` };
  return checkRateLimit({
    limit: Number(match[1]),
    windowSeconds: match[2] === undefined ? DEFAULT_WINDOW_SECONDS : Number(match[2]),
  });
}

/** Checks a limit from code or JSON: both numbers whole and at least 1. */
export function checkRateLimit(value: unknown): Parsed<RateLimit> {
  if (typeof value !== 'object' || value === null)
    return { ok: false, message: 'rate limit must be an object' };
  const { limit, windowSeconds = DEFAULT_WINDOW_SECONDS } = value as Record<string, unknown>;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) {
    return { ok: false, message: `limit must be a whole number of at least 1, got ${String(limit)}` };
  }
  if (typeof windowSeconds !== 'number' || !Number.isInteger(windowSeconds) || windowSeconds < 1) {
    return {
      ok: false,
      message: `windowSeconds must be a whole number of at least 1, got ${String(windowSeconds)}`,
    };
  }
  return { ok: true, value: { limit, windowSeconds } };
}

export interface RateDecision {
  allowed: boolean;
  /** Headers for the answer: Retry-After when refused, X-RateLimit-* when asked for. */
  headers: Record<string, string>;
}

export class RateLimiter {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    public limit: RateLimit | null,
    public headers: boolean,
  ) {}

  clear(): void {
    this.windows.clear();
  }

  /** Counts one request of `key` at `now` (epoch ms) and says whether it may be answered. */
  take(key: string, now: number): RateDecision {
    if (this.limit === null) return { allowed: true, headers: {} };
    const windowMs = this.limit.windowSeconds * 1000;
    let window = this.windows.get(key);
    if (!window || now - window.start >= windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    const allowed = window.count < this.limit.limit;
    if (allowed) window.count += 1;
    const resetSeconds = String(Math.max(1, Math.ceil((window.start + windowMs - now) / 1000)));
    const headers: Record<string, string> = allowed ? {} : { 'Retry-After': resetSeconds };
    if (this.headers) {
      headers['X-RateLimit-Limit'] = String(this.limit.limit);
      headers['X-RateLimit-Remaining'] = String(this.limit.limit - window.count);
      headers['X-RateLimit-Reset'] = resetSeconds;
    }
    return { allowed, headers };
  }
}
