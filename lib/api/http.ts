/**
 * One HTTP exchange with the API: URL and headers, a timeout per attempt, the caller's abort,
 * retries with backoff, and the classification of every failure into an ApiError.
 * Framework-free: it uses only `fetch`, `URL`, `AbortController` and timers.
 * Nothing here throws: every outcome, a rejected fetch included, comes back as a Result.
 */
import { ENDPOINTS, type EndpointId, fillPath, pathParamProblem } from './endpoints';
import { type ApiError, fail, ok, type Result } from './errors';
import { isPlainObject, serverMessage } from './error-body';
import { parseRetryAfter } from './rate-headers';
import { redactCredentials } from './redact';
import { type Priority, type Report, type RequestScheduler, queueIdOf } from './scheduler';

export interface ApiConfig {
  /** e.g. 'http://127.0.0.1:8787' or 'https://api.example.com/v1'; a trailing slash is ignored. */
  baseUrl: string;
  token: string;
  /**
   * The profile's API secret, when known. Never sent by this layer (a write puts it in its body);
   * it is only removed, with the token, from every server text before that goes anywhere.
   */
  secret?: string;
  /** Per attempt, including reading the body. Default 15 000. */
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
const MAX_BACKOFF_MS = 30_000;
const SERVER_MESSAGE_MAX = 200;
/** An error answer's body is read up to this many bytes; the rest is never downloaded. */
export const ERROR_BODY_MAX_BYTES = 64 * 1024;
const OTHER_MESSAGE_MAX = 500;

/** A 2xx answer, handed to the endpoint's parser. */
export interface RawResponse {
  status: number;
  contentType: string;
  text: string;
}

export interface RequestSpec<T> {
  endpoint: EndpointId;
  params?: Readonly<Record<string, string | number>>;
  /** Sent as JSON (POST only). */
  body?: unknown;
  parse: (response: RawResponse) => Result<T>;
}

/** Joins the base URL and an endpoint path without doubling or dropping slashes. */
export function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.trim().replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

/** Sends one request (with retries as allowed) and parses a 2xx answer. Never throws. */
export async function sendRequest<T>(cfg: ApiConfig, spec: RequestSpec<T>): Promise<Result<T>> {
  try {
    const endpoint = ENDPOINTS[spec.endpoint];
    const base = invalidBaseUrl(cfg.baseUrl);
    if (base) return fail(base);
    const problem = pathParamProblem(endpoint.path, spec.params ?? {});
    if (problem) {
      return fail({
        kind: 'invalidInput',
        field: problem.name,
        message: `${problem.name}: ${problem.message}`,
      });
    }
    const url = joinUrl(cfg.baseUrl, fillPath(endpoint.path, spec.params ?? {}));
    const exchange = (report?: Report) =>
      withRetries(cfg, endpoint.method, () => attempt(cfg, endpoint.method, url, spec, report));
    const scheduler = cfg.scheduler;
    const answer = scheduler
      ? await scheduler.run(
          await queueIdOf(cfg.baseUrl, cfg.token),
          {
            priority: 'visible',
            ...cfg.request,
            ...(cfg.requestsPerMinute !== undefined ? { perMinute: cfg.requestsPerMinute } : {}),
            // The same read asked again while the first still waits: one request answers both.
            ...(endpoint.method === 'GET' ? { dedupeKey: url } : {}),
            ...(cfg.signal ? { signal: cfg.signal } : {}),
          },
          exchange,
        )
      : await exchange();
    if (!answer.ok) return answer;
    return spec.parse(answer.value);
  } catch (error) {
    // Only a bug of ours (or a throwing parser) gets here; it still becomes a typed failure.
    return fail({ kind: 'network', message: `unexpected error: ${errorMessage(error)}` });
  }
}

/** A base URL the request cannot even be built from (the settings check the finer rules). */
function invalidBaseUrl(baseUrl: string): ApiError | null {
  try {
    const url = new URL(baseUrl.trim());
    if (url.protocol === 'http:' || url.protocol === 'https:') return null;
  } catch {
    // fall through
  }
  return { kind: 'invalidInput', field: 'baseUrl', message: `baseUrl: not an http(s) URL: ${baseUrl}` };
}

// ---------------------------------------------------------------------------------------------
// Retries

type Attempt = Result<RawResponse, AttemptFailure>;
/** A failed attempt: the ApiError plus what the retry loop needs to decide. */
interface AttemptFailure {
  error: ApiError;
  /** HTTP status, when there was an answer. */
  status: number | null;
  retryAfterMs: number | null;
}

const RETRYABLE_STATUS = new Set([429, 500, 502, 503, 504]);

/**
 * GETs are retried on network errors, timeouts, 429 and 500/502/503/504.
 * POSTs (option writes) are retried ONLY on 429: the server refused the request, so nothing was
 * written. A timeout, a dropped connection or a 5xx may come after the write was applied, and a
 * blind second write could overwrite a newer value, so those are reported, never retried.
 * An abort is never retried; neither is any other 4xx.
 */
function isRetryable(method: 'GET' | 'POST', failure: AttemptFailure): boolean {
  const { error, status } = failure;
  if (error.kind === 'aborted' || error.kind === 'invalidInput' || error.kind === 'redirected') return false;
  if (method === 'POST') return status === 429;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return status !== null && RETRYABLE_STATUS.has(status);
}

async function withRetries(
  cfg: ApiConfig,
  method: 'GET' | 'POST',
  run: () => Promise<Attempt>,
): Promise<Result<RawResponse>> {
  const retries = Math.max(0, Math.floor(cfg.retries ?? DEFAULT_RETRIES));
  const base = Math.max(0, cfg.retryBaseMs ?? DEFAULT_RETRY_BASE_MS);
  const maxRetryAfter = cfg.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  for (let attemptNo = 0; ; attemptNo++) {
    const result = await run();
    if (result.ok) return result;
    const failure = result.error;
    // The scheduler owns 429 waiting: it holds the request until the budget allows and sends it again.
    if (cfg.scheduler && failure.status === 429) return fail(failure.error);
    if (attemptNo >= retries || !isRetryable(method, failure)) return fail(failure.error);
    let waitMs: number;
    if (failure.retryAfterMs !== null) {
      // The server said how long to wait; a wait longer than we accept ends the request.
      if (failure.retryAfterMs > maxRetryAfter) return fail(failure.error);
      waitMs = failure.retryAfterMs;
    } else {
      waitMs = backoffMs(base, attemptNo);
    }
    if (!(await sleep(waitMs, cfg.signal))) return fail({ kind: 'aborted' });
  }
}

/** Exponential backoff with jitter: base * 2^n, scaled by a random factor in [0.5, 1). */
export function backoffMs(base: number, attemptNo: number): number {
  const exp = Math.min(MAX_BACKOFF_MS, base * 2 ** attemptNo);
  return Math.round(exp * (0.5 + Math.random() * 0.5));
}

/** Resolves true after `ms`, or false as soon as the signal aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

// ---------------------------------------------------------------------------------------------
// One attempt

async function attempt<T>(
  cfg: ApiConfig,
  method: 'GET' | 'POST',
  url: string,
  spec: RequestSpec<T>,
  report?: Report,
): Promise<Attempt> {
  const callerSignal = cfg.signal;
  const noAnswer = (error: ApiError): Attempt => fail({ error, status: null, retryAfterMs: null });
  if (callerSignal?.aborted) return noAnswer({ kind: 'aborted' });

  const timeoutMs = cfg.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  const headers: Record<string, string> = {
    Authorization: `Bearer ${cfg.token}`,
    Accept: 'application/json',
  };
  // No request follows a redirect: the token (and a write's secret) must reach only the configured origin.
  const init: RequestInit = { method, headers, signal: controller.signal, redirect: 'manual' };
  if (spec.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(spec.body);
  }

  const doFetch = cfg.fetch ?? globalThis.fetch;
  try {
    const response = await doFetch(url, init);
    report?.(response.status, response.headers);
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      void response.body?.cancel().catch(() => undefined);
      return fail({
        error: redirected(url, response.headers.get('location')),
        status: response.status,
        retryAfterMs: null,
      });
    }
    // The body is read under the same timer: a server that stalls mid-body times out too.
    const success = response.status >= 200 && response.status < 300;
    const known = { token: cfg.token, secret: cfg.secret ?? secretOf(spec.body) };
    const contentType = response.headers.get('content-type') ?? '';
    if (success) {
      const maxBytes = ENDPOINTS[spec.endpoint].maxBodyBytes;
      const body = await readLimited(response, maxBytes);
      if (body === null)
        return fail({ error: { kind: 'tooLarge', maxBytes }, status: response.status, retryAfterMs: null });
      return ok({ status: response.status, contentType, text: redactCredentials(body, known) });
    }
    const text = redactCredentials(await readCapped(response, ERROR_BODY_MAX_BYTES), known);
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    return fail({
      error: classifyStatus(spec.endpoint, response.status, contentType, text, retryAfterMs),
      status: response.status,
      retryAfterMs,
    });
  } catch (error) {
    if (callerSignal?.aborted) return noAnswer({ kind: 'aborted' });
    if (timedOut) return noAnswer({ kind: 'timeout', timeoutMs });
    return noAnswer({
      kind: 'network',
      message: redactCredentials(errorMessage(error), { token: cfg.token }),
    });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

/** A redirect answer: the other origin when the answer names it (a browser's opaqueredirect does not). */
function redirected(url: string, location: string | null): ApiError {
  let target: string | null = null;
  if (location) {
    try {
      target = new URL(location, url).origin;
    } catch {
      target = null;
    }
  }
  return { kind: 'redirected', location: target };
}

/** The apiSecret of a write's body, to be removed from the answer's text. */
function secretOf(body: unknown): string | undefined {
  return isPlainObject(body) && typeof body.apiSecret === 'string' ? body.apiSecret : undefined;
}

/**
 * The whole body as text when it has at most `maxBytes` bytes; null when it has more (a declared
 * Content-Length, or the bytes as they arrive, say so): the stream is cancelled there, so no more
 * is fetched and nothing larger is ever held.
 */
export async function readLimited(response: Response, maxBytes: number): Promise<string | null> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  const read = await readBytes(response, maxBytes + 1);
  return read.bytes > maxBytes ? null : read.text;
}

/** The body's first `maxBytes` bytes as text; the stream is cancelled there, so no more is fetched. */
export async function readCapped(response: Response, maxBytes: number): Promise<string> {
  return (await readBytes(response, maxBytes)).text;
}

async function readBytes(response: Response, maxBytes: number): Promise<{ text: string; bytes: number }> {
  if (!response.body) return { text: '', bytes: 0 };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    const chunk = value.byteLength > maxBytes - bytes ? value.subarray(0, maxBytes - bytes) : value;
    bytes += chunk.byteLength;
    text += decoder.decode(chunk, { stream: true });
    if (bytes >= maxBytes) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return { text: text + decoder.decode(), bytes };
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    // Node's fetch says only 'fetch failed'; the cause names what happened.
    const cause = (error as Error & { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
    return causeText && causeText !== error.message ? `${error.message} (${causeText})` : error.message;
  }
  return String(error);
}

// ---------------------------------------------------------------------------------------------
// Classification of non-2xx answers

export function classifyStatus(
  endpointId: EndpointId,
  status: number,
  contentType: string,
  text: string,
  retryAfterMs: number | null,
): ApiError {
  const endpoint = ENDPOINTS[endpointId];
  const serverText = (max: number) => serverMessage(contentType, text, max);
  const orDefault = (message: string, fallback: string) => (message === '' ? fallback : message);
  switch (status) {
    case 401: {
      const message = orDefault(serverText(OTHER_MESSAGE_MAX), 'unauthorized (401)');
      return /premium/i.test(message)
        ? { kind: 'premiumRequired', message }
        : { kind: 'unauthorized', message };
    }
    case 403:
      return {
        kind: 'forbidden',
        scopes: [...endpoint.scopes],
        premium: endpoint.premium,
        message: orDefault(serverText(OTHER_MESSAGE_MAX), 'forbidden (403)'),
      };
    case 404:
      return { kind: 'notFound', message: orDefault(serverText(OTHER_MESSAGE_MAX), 'not found (404)') };
    case 400:
    case 422:
      return {
        kind: 'validation',
        status,
        message: orDefault(serverText(OTHER_MESSAGE_MAX), `request refused (${status})`),
      };
    case 429:
      return {
        kind: 'rateLimited',
        retryAfterMs,
        message: orDefault(serverText(OTHER_MESSAGE_MAX), 'too many requests (429)'),
      };
    default:
      return {
        kind: 'server',
        status,
        message: orDefault(serverText(SERVER_MESSAGE_MAX), `HTTP ${status}`),
      };
  }
}
