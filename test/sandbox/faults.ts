/** Injected faults: what they are, how they are validated, and which one a request meets. */
import type { Reply } from './api';

export interface Fault {
  /** Matches when the request path (no query string) starts with this prefix, e.g. '/building/rooms/'. */
  path: string;
  method?: 'GET' | 'POST';
  kind: 'status' | 'hang' | 'drop' | 'malformed';
  status?: number; // kind 'status': the status to answer (default 500)
  body?: string; // kind 'status'/'malformed': raw body (e.g. an HTML page, a JSON text)
  contentType?: string; // default 'application/json' if body parses as JSON, else 'text/html; charset=utf-8'
  headers?: Record<string, string>; // e.g. { 'Retry-After': '1' }
  times?: number; // how many matching requests it affects, then it is removed; default unlimited
}

export const DEFAULT_MALFORMED_BODY = '{"title": "trunc';

const KINDS: readonly Fault['kind'][] = ['status', 'hang', 'drop', 'malformed'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a fault (from code or from JSON) and returns a clean copy, or a message naming the bad field. */
export function parseFault(value: unknown): { ok: true; fault: Fault } | { ok: false; message: string } {
  const bad = (message: string) => ({ ok: false as const, message });
  if (!isRecord(value)) return bad('fault must be a JSON object');
  const { path, method, kind, status, body, contentType, headers, times } = value;
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
  const fault: Fault = { path, kind: kind as Fault['kind'] };
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
