/**
 * Parsing the API's answers: JSON validated against the resource's schema, lists as the live
 * service sends them (wrapped or not, an empty one as 404), a transactions page, a write's
 * confirmation. Every failure is a Result naming the field, never a throw.
 */
import { z } from '../zod';
import { type ApiError, fail, ok, type Result } from './errors';
import { cutAt, isPlainObject } from './error-body';
import type { RawResponse } from './http-response';
import { knownRecordFields, type TransactionsPage } from './schemas';

export const OPTION_UPDATED_TEXT = 'option was updated';

/** The live service answers an empty list with 404 and a message saying "empty". */
export function isEmptyAnswer(error: ApiError): boolean {
  return error.kind === 'notFound' && /\bempty\b/i.test(error.message);
}

export function emptyOn404<T>(result: Result<T[]>): Result<T[]> {
  return !result.ok && isEmptyAnswer(result.error) ? ok([]) : result;
}

/** 'lastUpdated', '[3].interiorDetails.kitchenCapacity'; '(body)' for the whole body. */
export function describeZodIssuePath(path: readonly PropertyKey[], prefix = ''): string {
  let out = prefix;
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else out += out === '' ? String(key) : `.${String(key)}`;
  }
  return out === '' ? '(body)' : out;
}

function malformed(path: string, message: string): Result<never> {
  return fail({ kind: 'malformed', path, message });
}

function parseJson(response: RawResponse): Result<unknown> {
  try {
    return ok(JSON.parse(response.text) as unknown);
  } catch {
    const shown = cutAt(response.text.replace(/\s+/g, ' ').trim(), 80);
    return malformed('(body)', shown === '' ? 'empty response, expected JSON' : `not JSON: ${shown}`);
  }
}

function validate<S extends z.ZodMiniType>(schema: S, value: unknown, prefix = ''): Result<z.output<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return ok(parsed.data as z.output<S>);
  const issue = parsed.error.issues[0];
  return malformed(describeZodIssuePath(issue?.path ?? [], prefix), issue?.message ?? 'invalid');
}

export function json<S extends z.ZodMiniType>(schema: S): (response: RawResponse) => Result<z.output<S>> {
  return (response) => {
    const body = parseJson(response);
    return body.ok ? validate(schema, body.value) : body;
  };
}

/** A JSON array whose elements all match `schema`. */
export function jsonArray<S extends z.ZodMiniType>(
  schema: S,
): (response: RawResponse) => Result<z.output<S>[]> {
  return (response) => {
    const body = parseJson(response);
    if (!body.ok) return body;
    if (!Array.isArray(body.value)) return malformed('(body)', 'expected an array');
    return validateElements(schema, body.value, '');
  };
}

function validateElements<S extends z.ZodMiniType>(
  schema: S,
  items: unknown[],
  prefix: string,
): Result<z.output<S>[]> {
  const out: z.output<S>[] = [];
  for (const [i, item] of items.entries()) {
    const result = validate(schema, item, `${prefix}[${i}]`);
    if (!result.ok) return result;
    out.push(result.value);
  }
  return ok(out);
}

const WRAPPER_KEYS = ['data', 'items', 'results', 'buildings', 'accounts', 'bankAccounts', 'transactions'];

/**
 * For the three responses whose shape the spec does not show (building list, bank accounts,
 * transactions): a JSON array of objects, or an object wrapping one — under a well-known key,
 * else under its only array-valued property. Unknown fields of the elements are kept.
 */
export function unwrapList(value: unknown): Result<{ items: unknown[]; key: string | null }> {
  if (Array.isArray(value)) return ok({ items: value, key: null });
  if (isPlainObject(value)) {
    for (const key of WRAPPER_KEYS) {
      const inner = value[key];
      if (Array.isArray(inner)) return ok({ items: inner, key });
    }
    const arrays = Object.entries(value).filter(([, v]) => Array.isArray(v));
    const only = arrays.length === 1 ? arrays[0] : undefined;
    if (only) return ok({ items: only[1] as unknown[], key: only[0] });
    return malformed('(body)', 'expected an array, or an object wrapping one');
  }
  return malformed('(body)', 'expected an array');
}

export function tolerantList<S extends z.ZodMiniType>(
  schema: S,
): (response: RawResponse) => Result<z.output<S>[]> {
  return (response) => {
    const body = parseJson(response);
    return body.ok ? listOf(schema, body.value) : body;
  };
}

function listOf<S extends z.ZodMiniType>(schema: S, value: unknown): Result<z.output<S>[]> {
  const list = unwrapList(value);
  if (!list.ok) return list;
  const { items, key } = list.value;
  const prefix = key ?? '';
  for (const [i, item] of items.entries()) {
    if (!isPlainObject(item)) {
      return malformed(describeZodIssuePath([i], prefix), `expected an object, got ${describeType(item)}`);
    }
  }
  return validateElements(schema, items, prefix);
}

/** A record of a shape the spec does not show, reduced to the fields the extension knows. */
const KnownRecord = z.pipe(z.record(z.string(), z.unknown()), z.transform(knownRecordFields));

export const recordList = tolerantList(KnownRecord);

const TOTAL_KEYS = ['totalTransactions', 'total'];

export function transactionsPage(response: RawResponse): Result<TransactionsPage> {
  const body = parseJson(response);
  if (!body.ok) return body;
  const transactions = listOf(KnownRecord, body.value);
  if (!transactions.ok) return transactions;
  const wrapper = isPlainObject(body.value) ? body.value : {};
  const total = TOTAL_KEYS.map((key) => wrapper[key]).find(
    (v): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0,
  );
  return ok({ total: total ?? null, transactions: transactions.value });
}

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

/** Writes succeed only on the exact plain text; any other 2xx body is reported, not trusted. */
export function optionUpdated(response: RawResponse): Result<void> {
  const text = response.text.trim();
  if (text === OPTION_UPDATED_TEXT) return ok(undefined);
  const shown = cutAt(text.replace(/\s+/g, ' '), 80);
  return malformed(
    '(body)',
    shown === ''
      ? `empty response, expected "${OPTION_UPDATED_TEXT}"`
      : `expected "${OPTION_UPDATED_TEXT}", got: ${shown}`,
  );
}
