/**
 * The first stage of a request to the API: its configuration (address, credentials, timeouts,
 * retries, the scheduler and the request's place in its queue) and the URL it is sent to.
 */
import type { Clock } from './clock';
import type { ApiError } from './errors';
import type { RequestScheduler } from './scheduler';
import type { Priority } from './scheduler-types';

export interface ApiConfig {
  /** e.g. 'http://127.0.0.1:8787' or 'https://api.example.com/v1'; a trailing slash is ignored. */
  baseUrl: string;
  token: string;
  /**
   * The profile's API secret, when known. Never sent by this layer (a write puts it in its body);
   * it is only removed, with the token, from every server text before that goes anywhere.
   */
  secret?: string;
  /** What times the attempts and the waits between them (lib/api/clock.ts); default the system's. */
  clock?: Clock;
  /** Per attempt, including reading the body, on `clock`. Default 15 000. */
  timeoutMs?: number;
  /** Extra attempts for GETs on transient failures (and for any request refused with 429). Default 2. */
  retries?: number;
  /** Backoff base in ms, doubled per attempt, with jitter. Default 400. */
  retryBaseMs?: number;
  /** A longer Retry-After is not waited for: the request ends as rateLimited. Default 10 000. */
  maxRetryAfterMs?: number;
  /** The caller's abort: ends the request (and any wait between attempts) as { kind: 'aborted' }. */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /**
   * The worker's request scheduler. With it, every request waits its turn in the queue of this
   * key and origin, and a 429 goes back to the scheduler (which waits and sends again) instead of
   * being retried here.
   */
  /** The key's "requests per minute allowed" setting for its scheduler queue (null: learn). */
  requestsPerMinute?: number | null;
  scheduler?: RequestScheduler;
  /** Where the request goes in the scheduler's queue. Default: 'visible'. */
  request?: RequestPlacement;
}

export interface RequestPlacement {
  priority: Priority;
  /** Within the priority, lower first (e.g. visible slots before hidden ones). */
  order?: number;
  /** For cancelling a group (an import job's id). */
  tag?: string;
  /** Sent at once even while the key's queue waits; a 429 ends it (saving credentials). */
  skipWait?: boolean;
  /** A write job's: ends at once while the key waits out a 429 past the cap (the job pauses). */
  pausesPastCap?: boolean;
}

/** The same config with the scheduler placement of a call site. */
export function placed(
  cfg: ApiConfig,
  priority: Priority,
  extra: Omit<RequestPlacement, 'priority'> = {},
): ApiConfig {
  return { ...cfg, request: { ...extra, priority } };
}

export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_RETRIES = 2;
export const DEFAULT_RETRY_BASE_MS = 400;
export const DEFAULT_MAX_RETRY_AFTER_MS = 10_000;

/** Joins the base URL and an endpoint path without doubling or dropping slashes. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.trim().replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** A base URL the request cannot even be built from (the settings check the finer rules). */
export function invalidBaseUrl(baseUrl: string): ApiError | null {
  try {
    const url = new URL(baseUrl.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // fall through
  }
  return { kind: 'invalidInput', field: 'baseUrl', message: `baseUrl: not an http(s) URL: ${baseUrl}` };
}
