/**
 * Read-only building handlers: each is a thin bridge from a message to one client call.
 * Identical requests that arrive while one is in flight (the popup opened twice, the popup and the
 * side panel at once) share that one request instead of sending another.
 */
import * as api from '../api/client';
import type { RequestHint } from '../messaging/protocol';
import type { Handlers } from '../messaging/router';
import { type WorkerDeps, connect } from './context';

type BuildingHandlers = Pick<
  Handlers,
  'listBuildings' | 'readBuilding' | 'listRooms' | 'listTenants' | 'listBankAccounts' | 'listTransactions'
>;

/**
 * Wraps `run` so that calls with the same key share one pending promise. The entry is removed as
 * soon as the promise settles: answers are never reused afterwards (caching is the pages' job).
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
  const withConfig =
    <P extends { hint?: RequestHint }, T>(
      name: string,
      call: (config: api.ApiConfig, payload: P) => Promise<T>,
    ) =>
    ({ hint, ...rest }: P) =>
      shared(`${name}:${JSON.stringify(rest)}`, async () => {
        const connection = await connect(deps);
        if (!connection.ok) return connection;
        const config = api.placed(connection.value.config, hint?.priority ?? 'visible', {
          ...(hint?.order !== undefined ? { order: hint.order } : {}),
        });
        return call(config, rest as P);
      }) as Promise<T | Extract<Awaited<ReturnType<typeof connect>>, { ok: false }>>;
  return {
    listBuildings: withConfig('listBuildings', (config) => api.listBuildings(config)),
    readBuilding: withConfig('readBuilding', (config, { buildingId }) =>
      api.readBuilding(config, buildingId),
    ),
    listRooms: withConfig('listRooms', (config, { buildingId }) => api.listRooms(config, buildingId)),
    listTenants: withConfig('listTenants', (config, { buildingId }) => api.listTenants(config, buildingId)),
    listBankAccounts: withConfig('listBankAccounts', (config, { buildingId }) =>
      api.listBankAccounts(config, buildingId),
    ),
    listTransactions: withConfig('listTransactions', (config, { bankId, limit, skip }) =>
      api.listTransactions(config, bankId, { limit, skip }),
    ),
  };
}
