/**
 * The typed client: the endpoint table of the Page Options API, one short function per endpoint in
 * the spec's order. Every function resolves to a Result and never throws; its inputs are checked
 * before any request is sent (input-checks.ts), its answer parsed (answer-parsing.ts).
 */
import {
  emptyOn404,
  isEmptyAnswer,
  json,
  jsonArray,
  optionUpdated,
  recordList,
  tolerantList,
  transactionsPage,
} from './answer-parsing';
import { fail, ok, type Result } from './errors';
import type { ApiConfig } from './http-config';
import { sendRequest } from './http';
import { checkId, checkInt, checkOption, checkUpdate } from './input-checks';
import {
  TRANSACTIONS_LIMIT_DEFAULT,
  TRANSACTIONS_LIMIT_MAX,
  TRANSACTIONS_SKIP_DEFAULT,
  TRANSACTIONS_SKIP_MAX,
} from './limits';
import {
  Building,
  BuildingListEntry,
  BuildingOptionUpdate,
  FactoryListEntry,
  FactoryOptionUpdate,
  type LooseRecord,
  type PageOption,
  PageOptionAnswer,
  Room,
  type Target,
  Tenant,
  type TransactionsPage,
} from './schemas';

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
