/**
 * One HTTP exchange with the API: headers, a timeout per attempt, the caller's abort, retries with
 * backoff, through the scheduler when there is one. Its configuration is in http-config.ts, reading
 * and classifying the answer in http-response.ts.
 * Framework-free: it uses only `fetch`, `URL`, `AbortController` and timers.
 * Nothing here throws: every outcome, a rejected fetch included, comes back as a Result.
 */
import { ENDPOINTS, type EndpointId, fillPath, pathParamProblem } from './endpoints';
import { type ApiError, fail, ok, type Result } from './errors';
import { isPlainObject } from './error-body';
import {
  type ApiConfig,
  DEFAULT_MAX_RETRY_AFTER_MS,
  DEFAULT_RETRIES,
  DEFAULT_RETRY_BASE_MS,
  DEFAULT_TIMEOUT_MS,
  invalidBaseUrl,
  joinUrl,
} from './http-config';
import {
  ERROR_BODY_MAX_BYTES,
  type RawResponse,
  classifyStatus,
  readCapped,
  readLimited,
} from './http-response';
import { type Clock, clockTimeOf, systemClock } from './clock';
import { parseRetryAfter } from './rate-headers';
import { redactCredentials } from './redact';
import { type Report, queueIdOf } from './scheduler-types';

const MAX_BACKOFF_MS = 30_000;

export interface RequestSpec<T> {
  endpoint: EndpointId;
  params?: Readonly<Record<string, string | number>>;
  /** Sent as JSON (POST only). */
  body?: unknown;
  parse: (response: RawResponse) => Result<T>;
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
    if (!(await sleep(waitMs, cfg.signal, cfg.clock ?? systemClock))) return fail({ kind: 'aborted' });
  }
}

/** Exponential backoff with jitter: base * 2^n, scaled by a random factor in [0.5, 1). */
export function backoffMs(base: number, attemptNo: number): number {
  const exp = Math.min(MAX_BACKOFF_MS, base * 2 ** attemptNo);
  return Math.round(exp * (0.5 + Math.random() * 0.5));
}

/** Resolves true after `ms`, or false as soon as the signal aborts. */
function sleep(ms: number, signal: AbortSignal | undefined, clock: Clock): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clock.clearTimeout(timer);
      resolve(false);
    };
    const timer = clock.setTimeout(() => {
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
  const clock = cfg.clock ?? systemClock;
  const timer = clock.setTimeout(() => {
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
    const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'), clock.now(), (epochMs) =>
      clockTimeOf(clock, epochMs),
    );
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
    clock.clearTimeout(timer);
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

function errorMessage(error: unknown): string {
  if (error instanceof Error) {
    // Node's fetch says only 'fetch failed'; the cause names what happened.
    const cause = (error as Error & { cause?: unknown }).cause;
    const causeText = cause instanceof Error ? cause.message : typeof cause === 'string' ? cause : '';
    return causeText && causeText !== error.message ? `${error.message} (${causeText})` : error.message;
  }
  return String(error);
}
