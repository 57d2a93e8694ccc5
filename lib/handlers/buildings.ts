/**
 * Read-only building handlers: each is a thin bridge from a message to one client call.
 * Identical requests that arrive while one is in flight (the popup opened twice, the popup and the
 * side panel at once) share that one request instead of sending another.
 */
import * as api from '../api/client';
import type { Result } from '../api/errors';
import type { Handlers, MessageContext } from '../messaging/router';
import { writeCached } from '../storage/cache';
import { rememberLabel, withRememberedLabels } from '../storage/labels';
import { type WorkerDeps, connect } from './context';

type BuildingHandlers = Pick<
  Handlers,
  'listBuildings' | 'readBuilding' | 'listRooms' | 'listTenants' | 'listBankAccounts' | 'listTransactions'
>;

/**
 * Wraps `run` so that calls with the same key share one pending promise. The entry is removed as
 * soon as the promise settles: answers are never reused afterwards; they are kept in the profile's
 * cache, which pages read for their first view.
 */
export function inFlight<T>() {
  const pending = new Map<string, Promise<T>>();
  return (key: string, run: () => Promise<T>): Promise<T> => {
    const found = pending.get(key);
    if (found) return found;
    const promise = run().finally(() => pending.delete(key));
    pending.set(key, promise);
    return promise;
  };
}

export function buildingHandlers(deps: WorkerDeps): BuildingHandlers {
  const shared = inFlight<unknown>();
  /** `cacheParts` names the answer in the profile's cache (what the dashboard shows first). */
  const withConfig =
    <P, T>(
      name: string,
      call: (config: api.ApiConfig, payload: P, profileId: string) => Promise<Result<T>>,
      cacheParts?: (payload: P) => string[],
    ) =>
    (payload: P, context?: MessageContext) =>
      shared(`${context?.profile}:${name}:${JSON.stringify(payload)}`, async () => {
        const connection = await connect(deps, context);
        if (!connection.ok) return connection;
        const answer = await call(connection.value.config, payload, connection.value.profile.id);
        if (answer.ok && cacheParts)
          await writeCached(connection.value.profile.id, cacheParts(payload), answer.value, Date.now());
        return answer;
      }) as Promise<Result<T> | Extract<Awaited<ReturnType<typeof connect>>, { ok: false }>>;
  return {
    listBuildings: withConfig(
      'listBuildings',
      async (config, _payload, profileId) => {
        const list = await api.listBuildings(config);
        return list.ok ? { ok: true as const, value: await withRememberedLabels(profileId, list.value) } : list;
      },
      () => ['buildings'],
    ),
    readBuilding: withConfig(
      'readBuilding',
      async (config, { buildingId }, profileId) => {
        const details = await api.readBuilding(config, buildingId);
        if (details.ok) await rememberLabel(profileId, buildingId, details.value.label);
        return details;
      },
      ({ buildingId }) => ['details', buildingId],
    ),
    listRooms: withConfig(
      'listRooms',
      (config, { buildingId }) => api.listRooms(config, buildingId),
      ({ buildingId }) => ['rooms', buildingId],
    ),
    listTenants: withConfig(
      'listTenants',
      (config, { buildingId }) => api.listTenants(config, buildingId),
      ({ buildingId }) => ['tenants', buildingId],
    ),
    listBankAccounts: withConfig(
      'listBankAccounts',
      (config, { buildingId }) => api.listBankAccounts(config, buildingId),
      ({ buildingId }) => ['accounts', buildingId],
    ),
    listTransactions: withConfig('listTransactions', (config, { bankId, limit, skip }) =>
      api.listTransactions(config, bankId, { limit, skip }),
    ),
  };
}
