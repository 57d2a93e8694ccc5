/** Read-only building handlers: each is a thin bridge from a message to one client call. */
import * as api from '../api/client';
import type { Handlers } from '../messaging/router';
import { type WorkerDeps, connect } from './context';

type BuildingHandlers = Pick<
  Handlers,
  'listBuildings' | 'readBuilding' | 'listRooms' | 'listTenants' | 'listBankAccounts' | 'listTransactions'
>;

export function buildingHandlers(deps: WorkerDeps): BuildingHandlers {
  const withConfig =
    <P, T>(call: (config: api.ApiConfig, payload: P) => Promise<T>) =>
    async (payload: P) => {
      const connection = await connect(deps);
      return connection.ok ? call(connection.value.config, payload) : connection;
    };
  return {
    listBuildings: withConfig((config) => api.listBuildings(config)),
    readBuilding: withConfig((config, { buildingId }) => api.readBuilding(config, buildingId)),
    listRooms: withConfig((config, { buildingId }) => api.listRooms(config, buildingId)),
    listTenants: withConfig((config, { buildingId }) => api.listTenants(config, buildingId)),
    listBankAccounts: withConfig((config, { buildingId }) => api.listBankAccounts(config, buildingId)),
    listTransactions: withConfig((config, { bankId, limit, skip }) =>
      api.listTransactions(config, bankId, { limit, skip }),
    ),
  };
}
