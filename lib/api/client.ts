/**
 * The typed client for the ten endpoints of the Page Options API. Every function resolves to a
 * Result and never throws; inputs are checked before any request is sent.
 *
 * Over 300 lines on purpose: one short function per endpoint of the spec, in the spec's order, so the
 * module reads as the spec's endpoint table; each function is a few lines and shares the helpers above it.
 */
import { PREMIUM_SLOTS, countCharacters, DATA_MAX, TITLE_MAX } from './slot-limits';
import { z } from '../zod';
import { type ApiError, fail, ok, type Result } from './errors';
import {
  TRANSACTIONS_LIMIT_DEFAULT,
  TRANSACTIONS_LIMIT_MAX,
  TRANSACTIONS_SKIP_DEFAULT,
  TRANSACTIONS_SKIP_MAX,
} from './limits';
import { cutAt, isPlainObject } from './error-body';
import { type ApiConfig, type RawResponse, sendRequest } from './http';
import {
  Building,
  BuildingListEntry,
  BuildingOptionUpdate,
  FactoryListEntry,
  FactoryOptionUpdate,
  knownRecordFields,
  type LooseRecord,
  type PageOption,
  PageOptionAnswer,
  pathIdProblem,
  Room,
  type Target,
  Tenant,
  type TransactionsPage,
} from './schemas';

/** The handlers reach the client as one namespace (`api.placed`, `api.ApiConfig`). */
export type { ApiConfig } from './http';
export { placed } from './http';

export const OPTION_UPDATED_TEXT = 'option was updated';

// ---------------------------------------------------------------------------------------------
// Endpoints

export async function listBuildings(cfg: ApiConfig): Promise<Result<BuildingListEntry[]>> {
  return emptyOn404(
    await sendRequest(cfg, { endpoint: 'buildingList', parse: tolerantList(BuildingListEntry) }),
  );
}

export async function readBuilding(cfg: ApiConfig, buildingId: string): Promise<Result<Building>> {
  const bad = checkId('buildingId', buildingId);
  if (bad) return fail(bad);
  return sendRequest(cfg, { endpoint: 'buildingDetails', params: { buildingId }, parse: json(Building) });
}

export async function listTenants(cfg: ApiConfig, buildingId: string): Promise<Result<Tenant[]>> {
  const bad = checkId('buildingId', buildingId);
  if (bad) return fail(bad);
  return emptyOn404(
    await sendRequest(cfg, { endpoint: 'buildingTenants', params: { buildingId }, parse: jsonArray(Tenant) }),
  );
}

export async function listRooms(cfg: ApiConfig, buildingId: string): Promise<Result<Room[]>> {
  const bad = checkId('buildingId', buildingId);
  if (bad) return fail(bad);
  return emptyOn404(
    await sendRequest(cfg, { endpoint: 'buildingRooms', params: { buildingId }, parse: jsonArray(Room) }),
  );
}

export async function readBuildingOption(
  cfg: ApiConfig,
  buildingId: string,
  option: number,
): Promise<Result<PageOption>> {
  const bad = checkId('buildingId', buildingId) ?? checkOption(option);
  if (bad) return fail(bad);
  return sendRequest(cfg, {
    endpoint: 'buildingOptionRead',
    params: { buildingId, option },
    parse: json(PageOptionAnswer),
  });
}

export async function writeBuildingOption(cfg: ApiConfig, body: BuildingOptionUpdate): Promise<Result<void>> {
  const bad = checkUpdate(body, 'buildingId', BuildingOptionUpdate);
  if (bad) return fail(bad);
  const { apiSecret, buildingId, option, title, data } = body;
  return sendRequest(cfg, {
    endpoint: 'buildingOptionWrite',
    body: { apiSecret, buildingId, option, title, data },
    parse: optionUpdated,
  });
}

export async function listBankAccounts(cfg: ApiConfig, buildingId: string): Promise<Result<LooseRecord[]>> {
  const bad = checkId('buildingId', buildingId);
  if (bad) return fail(bad);
  return emptyOn404(
    await sendRequest(cfg, { endpoint: 'bankAccounts', params: { buildingId }, parse: recordList }),
  );
}

/**
 * Transactions of a bank account, a page at a time. limit and skip are always sent, as path
 * segments in that order (defaults 10 and 0), and checked against the spec's bounds first.
 * The total comes from a wrapper's `totalTransactions` (or `total`); a plain array has none.
 */
export async function listTransactions(
  cfg: ApiConfig,
  bankId: string,
  page: { limit?: number; skip?: number } = {},
): Promise<Result<TransactionsPage>> {
  const limit = page.limit ?? TRANSACTIONS_LIMIT_DEFAULT;
  const skip = page.skip ?? TRANSACTIONS_SKIP_DEFAULT;
  const bad =
    checkId('bankId', bankId) ??
    checkInt('limit', limit, 1, TRANSACTIONS_LIMIT_MAX) ??
    checkInt('skip', skip, 0, TRANSACTIONS_SKIP_MAX);
  if (bad) return fail(bad);
  const answer = await sendRequest(cfg, {
    endpoint: 'transactions',
    params: { bankId, limit, skip },
    parse: transactionsPage,
  });
  if (answer.ok || !isEmptyAnswer(answer.error)) return answer;
  return ok({ total: skip === 0 ? 0 : null, transactions: [] });
}

/**
 * The key owner's factories (GET /factory/list/, scope `factory`). Not in the spec: a 404 without
 * "empty" means the service has no such endpoint, which the caller falls back from.
 */
export async function listFactories(cfg: ApiConfig): Promise<Result<FactoryListEntry[]>> {
  return emptyOn404(
    await sendRequest(cfg, { endpoint: 'factoryList', parse: tolerantList(FactoryListEntry) }),
  );
}

export async function readFactoryOption(
  cfg: ApiConfig,
  factoryId: string,
  option: number,
): Promise<Result<PageOption>> {
  const bad = checkId('factoryId', factoryId) ?? checkOption(option);
  if (bad) return fail(bad);
  return sendRequest(cfg, {
    endpoint: 'factoryOptionRead',
    params: { factoryId, option },
    parse: json(PageOptionAnswer),
  });
}

export async function writeFactoryOption(cfg: ApiConfig, body: FactoryOptionUpdate): Promise<Result<void>> {
  const bad = checkUpdate(body, 'factoryId', FactoryOptionUpdate);
  if (bad) return fail(bad);
  const { apiSecret, factoryId, option, title, data } = body;
  return sendRequest(cfg, {
    endpoint: 'factoryOptionWrite',
    body: { apiSecret, factoryId, option, title, data },
    parse: optionUpdated,
  });
}

// ---------------------------------------------------------------------------------------------
// Conveniences over a building or factory target

export function readOption(cfg: ApiConfig, target: Target, option: number): Promise<Result<PageOption>> {
  return target.kind === 'building'
    ? readBuildingOption(cfg, target.id, option)
    : readFactoryOption(cfg, target.id, option);
}

export function writeOption(
  cfg: ApiConfig,
  target: Target,
  update: { apiSecret: string; option: number; title: string; data: string },
): Promise<Result<void>> {
  const { apiSecret, option, title, data } = update;
  return target.kind === 'building'
    ? writeBuildingOption(cfg, { apiSecret, buildingId: target.id, option, title, data })
    : writeFactoryOption(cfg, { apiSecret, factoryId: target.id, option, title, data });
}

// ---------------------------------------------------------------------------------------------
// Empty lists

/** The live service answers an empty list with 404 and a message saying "empty". */
export function isEmptyAnswer(error: ApiError): boolean {
  return error.kind === 'notFound' && /\bempty\b/i.test(error.message);
}

function emptyOn404<T>(result: Result<T[]>): Result<T[]> {
  return !result.ok && isEmptyAnswer(result.error) ? ok([]) : result;
}

// ---------------------------------------------------------------------------------------------
// Input checks (before any request)

function invalid(field: string, message: string): ApiError {
  return { kind: 'invalidInput', field, message: `${field}: ${message}` };
}

/** The one id check (PathId), for ids in the path and in a write's body alike. */
function checkId(field: string, id: unknown): ApiError | null {
  const problem = pathIdProblem(id);
  return problem === null ? null : invalid(field, problem);
}

function checkInt(field: string, value: unknown, min: number, max: number): ApiError | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return invalid(field, `${String(value)} is not a whole number from ${min} to ${max}`);
  }
  return null;
}

function checkOption(option: unknown): ApiError | null {
  return checkInt('option', option, 1, PREMIUM_SLOTS);
}

function checkText(field: string, value: unknown, max: number): ApiError | null {
  if (typeof value !== 'string') return invalid(field, 'must be text');
  const count = countCharacters(value);
  return count > max ? invalid(field, `${count} characters, at most ${max}`) : null;
}

/** Specific messages for each field first; the schema last, as the authority on the body. */
function checkUpdate(
  body: Record<string, unknown>,
  idField: 'buildingId' | 'factoryId',
  schema: typeof BuildingOptionUpdate | typeof FactoryOptionUpdate,
): ApiError | null {
  if (!isPlainObject(body)) return invalid('(body)', 'must be an object');
  const bad =
    (typeof body.apiSecret !== 'string' || body.apiSecret === ''
      ? invalid('apiSecret', 'must not be empty')
      : null) ??
    checkId(idField, body[idField]) ??
    checkOption(body.option) ??
    checkText('title', body.title, TITLE_MAX) ??
    checkText('data', body.data, DATA_MAX);
  if (bad) return bad;
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const field = issue ? describeZodIssuePath(issue.path) : '(body)';
  return invalid(field, issue?.message ?? 'invalid');
}

// ---------------------------------------------------------------------------------------------
// Response parsing

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

function json<S extends z.ZodMiniType>(schema: S): (response: RawResponse) => Result<z.output<S>> {
  return (response) => {
    const body = parseJson(response);
    return body.ok ? validate(schema, body.value) : body;
  };
}

/** A JSON array whose elements all match `schema`. */
function jsonArray<S extends z.ZodMiniType>(schema: S): (response: RawResponse) => Result<z.output<S>[]> {
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

function tolerantList<S extends z.ZodMiniType>(schema: S): (response: RawResponse) => Result<z.output<S>[]> {
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

const recordList = tolerantList(KnownRecord);

const TOTAL_KEYS = ['totalTransactions', 'total'];

function transactionsPage(response: RawResponse): Result<TransactionsPage> {
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
function optionUpdated(response: RawResponse): Result<void> {
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
