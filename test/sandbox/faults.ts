/** Injected faults: what they are, how they are validated, and which one a request meets. */
import type { Reply } from './api';

export interface Fault {
  /** Matches when the request path (no query string) starts with this prefix, e.g. '/building/rooms/'. */
  path: string;
  method?: 'GET' | 'POST';
  /**
   * 'huge': a 200 answer of `bytes` bytes (a slot answer padded in its data), streamed, never held whole.
   * 'echo': answers `status` (default 400) with a message repeating the request's Authorization header
   * and body, as a careless server does (token and secret included).
   */
  kind: 'status' | 'hang' | 'drop' | 'malformed' | 'huge' | 'echo';
  bytes?: number; // kind 'huge': the size of the body
  status?: number; // kind 'status': the status to answer (default 500)
  body?: string; // kind 'status'/'malformed': raw body (e.g. an HTML page, a JSON text)
  contentType?: string; // default 'application/json' if body parses as JSON, else 'text/html; charset=utf-8'
  headers?: Record<string, string>; // e.g. { 'Retry-After': '1' }
  times?: number; // how many matching requests it affects, then it is removed; default unlimited
}

export const DEFAULT_MALFORMED_BODY = '{"title": "trunc';

const KINDS: readonly Fault['kind'][] = ['status', 'hang', 'drop', 'malformed', 'huge', 'echo'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a fault (from code or from JSON) and returns a clean copy, or a message naming the bad field. */
export function parseFault(value: unknown): { ok: true; fault: Fault } | { ok: false; message: string } {
  const bad = (message: string) => ({ ok: false as const, message });
  if (!isRecord(value)) return bad('fault must be a JSON object');
  const { path, method, kind, status, body, contentType, headers, times, bytes } = value;
  if (typeof path !== 'string' || !path.startsWith('/')) return bad('path must be a string starting with /');
  if (method !== undefined && method !== 'GET' && method !== 'POST') return bad('method must be GET or POST');
  if (!KINDS.includes(kind as Fault['kind'])) return bad(`kind must be one of ${KINDS.join(', ')}`);
  if (status !== undefined && !(Number.isInteger(status) && Number(status) >= 100 && Number(status) <= 599)) {
    return bad('status must be an integer from 100 to 599');
  }
  if (body !== undefined && typeof body !== 'string') return bad('body must be a string');
  if (contentType !== undefined && typeof contentType !== 'string')
    return bad('contentType must be a string');
  if (
    headers !== undefined &&
    !(isRecord(headers) && Object.values(headers).every((h) => typeof h === 'string'))
  ) {
    return bad('headers must be an object of strings');
  }
  if (times !== undefined && !(Number.isInteger(times) && Number(times) >= 1)) {
    return bad('times must be a positive integer');
  }
  if (bytes !== undefined && !(Number.isInteger(bytes) && Number(bytes) >= 1)) {
    return bad('bytes must be a positive integer');
  }
  const fault: Fault = { path, kind: kind as Fault['kind'] };
  if (bytes !== undefined) fault.bytes = bytes as number;
  if (method !== undefined) fault.method = method;
  if (status !== undefined) fault.status = status as number;
  if (body !== undefined) fault.body = body;
  if (contentType !== undefined) fault.contentType = contentType;
  if (headers !== undefined) fault.headers = { ...(headers as Record<string, string>) };
  if (times !== undefined) fault.times = times as number;
  return { ok: true, fault };
}

function looksLikeJson(body: string): boolean {
  try {
    JSON.parse(body);
    return true;
  } catch {
    return false;
  }
}

/** The reply of a 'status' or 'malformed' fault ('hang' and 'drop' send nothing). */
export function faultReply(fault: Fault): Reply {
  const malformed = fault.kind === 'malformed';
  const status = malformed ? 200 : (fault.status ?? 500);
  const body =
    fault.body ??
    (malformed
      ? DEFAULT_MALFORMED_BODY
      : JSON.stringify({ error: 'sandbox_fault', message: `Injected fault (status ${status})` }));
  const contentType =
    fault.contentType ?? (malformed || looksLikeJson(body) ? 'application/json' : 'text/html; charset=utf-8');
  return { status, headers: { 'Content-Type': contentType, ...fault.headers }, body };
}

export class FaultList {
  private faults: Fault[] = [];

  add(fault: Fault): void {
    const parsed = parseFault(fault);
    if (!parsed.ok) throw new TypeError(`Invalid fault: ${parsed.message}`);
    this.faults.push(parsed.fault);
  }

  clear(): void {
    this.faults = [];
  }

  /** The first fault matching the request, with one use consumed (removed when none are left). */
  take(method: string, path: string): Fault | undefined {
    const index = this.faults.findIndex(
      (f) => path.startsWith(f.path) && (f.method === undefined || f.method === method),
    );
    const fault = this.faults[index];
    if (fault === undefined) return undefined;
    if (fault.times !== undefined) {
      fault.times -= 1;
      if (fault.times <= 0) this.faults.splice(index, 1);
    }
    return { ...fault };
  }
}

// ---------------------------------------------------------------------------------------------
// Hostile answers (issue 21): huge and deep 2xx bodies, absurd Retry-After, echoed credentials

/** A slot answer of `bytes` bytes: valid JSON, its data padded with 'x'. */
export function hugeAnswerFault(path: string, bytes: number, extra: Partial<Fault> = {}): Fault {
  return { path, method: 'GET', kind: 'huge', bytes, ...extra };
}

const HUGE_HEAD = '{"title":"huge","lastUpdated":null,"data":"';
const HUGE_TAIL = '"}';
const HUGE_CHUNK = 64 * 1024;

/** The chunks of a 'huge' answer, made one at a time so the sandbox never holds the whole body. */
export function* hugeAnswerChunks(bytes: number): Generator<string> {
  const padding = Math.max(0, bytes - HUGE_HEAD.length - HUGE_TAIL.length);
  yield HUGE_HEAD;
  for (let left = padding; left > 0; left -= HUGE_CHUNK) yield 'x'.repeat(Math.min(HUGE_CHUNK, left));
  yield HUGE_TAIL;
}

/** A slot answer whose unknown field `extra` nests `depth` arrays: small in bytes, deep in structure. */
export function deepAnswerFault(path: string, depth: number, extra: Partial<Fault> = {}): Fault {
  const body = `{"title":"deep","data":"d","lastUpdated":"2025-01-01T00:00:00.000Z","extra":${'['.repeat(depth)}${']'.repeat(depth)}}`;
  return {
    path,
    method: 'GET',
    kind: 'status',
    status: 200,
    contentType: 'application/json',
    body,
    ...extra,
  };
}

/**
 * A 429 whose Retry-After no client should honour: 10^12 seconds (about 31 700 years), 10^14
 * seconds (past the last date a JavaScript Date holds, 8.64 × 10^15 ms), or an HTTP-date 30 days
 * ahead (2.6 × 10^9 ms: past what a timer can hold, 2^31 − 1 ms).
 */
export function absurdRetryAfterFault(
  path: string,
  form: 'seconds' | 'pastDates' | 'date',
  extra: Partial<Fault> = {},
): Fault {
  const retryAfter =
    form === 'seconds'
      ? '1000000000000'
      : form === 'pastDates'
        ? '100000000000000'
        : new Date(Date.now() + 30 * 24 * 3600_000).toUTCString();
  return {
    path,
    kind: 'status',
    status: 429,
    contentType: 'application/json',
    body: JSON.stringify({ message: 'Too many requests' }),
    headers: { 'Retry-After': retryAfter },
    times: 1,
    ...extra,
  };
}

/** An error whose message repeats the request's Authorization header and body (token and secret). */
export function echoCredentialsFault(path: string, extra: Partial<Fault> = {}): Fault {
  return { path, kind: 'echo', status: 400, ...extra };
}

/** The reply of an 'echo' fault for a request. */
export function echoReply(fault: Fault, authorization: string | null, body: string): Reply {
  const message = `refused: Authorization ${authorization ?? '(none)'}; body ${body || '(none)'}`;
  return {
    status: fault.status ?? 400,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...fault.headers },
    body: JSON.stringify({ message }),
  };
}
