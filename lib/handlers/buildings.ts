/**
 * Read-only building handlers: each is a thin bridge from a message to one client call.
 * Identical requests that arrive while one is in flight (the popup opened twice, the popup and the
 * side panel at once) share that one request instead of sending another.
 */
import { answerParts } from '../storage/cache';
import * as api from '../api/client';
import { type ApiConfig, placed } from '../api/http-config';
import { ok, type Result } from '../api/errors';
import type { RequestHint } from '../messaging/protocol';
import type { Handlers, MessageContext } from '../messaging/router';
import { Building, BuildingListEntry, LooseRecord, Room, Tenant } from '../api/schemas';
import { FactoryDiscovery, discoveryOf } from '../factories/discovery';
import { z } from '../zod';
import { cachedRead } from '../cache/cached-read';
import { rememberLabel, withRememberedLabels } from '../storage/labels';
import { type WorkerDeps, connect } from '../connection';

type BuildingHandlers = Pick<
  Handlers,
  | 'listBuildings'
  | 'listFactories'
  | 'readBuilding'
  | 'listRooms'
  | 'listTenants'
  | 'listBankAccounts'
  | 'listTransactions'
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
  /**
   * `cache` names the answer in the profile's cache (what the dashboard shows first): while it is
   * fresh the worker answers from it without a request, unless the user asked (Refresh).
   */
  const withConfig =
    <P extends { hint?: RequestHint }, T, S extends z.ZodMiniType = z.ZodMiniType>(
      name: string,
      call: (config: ApiConfig, payload: P, profileId: string) => Promise<Result<T>>,
      cache?: { parts: (payload: P) => string[]; schema: S },
      /** Applied to every answer, cached or not. */
      finish?: (value: T, profileId: string) => Promise<T>,
    ) =>
    async ({ hint, ...rest }: P, context?: MessageContext) => {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const { profile, config: base } = connection.value;
      // Shared only with a caller of the same account: after a changed address or token, a new
      // view never joins a request still queued for the old one.
      const key = [
        profile.id,
        base.baseUrl,
        base.token,
        name,
        hint?.priority === 'user',
        JSON.stringify(rest),
      ];
      return shared(key.join('\u0000'), async () => {
        const config = placed(base, hint?.priority ?? 'visible', {
          ...(hint?.order !== undefined ? { order: hint.order } : {}),
        });
        const payload = rest as P;
        const read = () => call(config, payload, profile.id);
        const answer = cache
          ? await cachedRead(profile, hint, { parts: cache.parts(payload), schema: cache.schema }, read)
          : await read();
        return answer.ok && finish ? ok(await finish(answer.value, profile.id)) : answer;
      }) as Promise<Result<T>>;
    };
  return {
    listBuildings: withConfig(
      'listBuildings',
      (config) => api.listBuildings(config),
      { parts: () => answerParts('buildings'), schema: z.array(BuildingListEntry) },
      // Labels remembered from details answers name the entries of a list of ids and hashes.
      (list, profileId) => withRememberedLabels(profileId, list),
    ),
    // Kept like the building list; a missing endpoint or scope is an answer too (no request per open).
    listFactories: withConfig(
      'listFactories',
      async (config) => discoveryOf(await api.listFactories(config)),
      { parts: () => ['factories'], schema: FactoryDiscovery },
    ),
    readBuilding: withConfig(
      'readBuilding',
      async (config, { buildingId }, profileId) => {
        const details = await api.readBuilding(config, buildingId);
        if (details.ok) await rememberLabel(profileId, buildingId, details.value.label);
        return details;
      },
      { parts: ({ buildingId }) => answerParts('details', buildingId), schema: Building },
    ),
    listRooms: withConfig('listRooms', (config, { buildingId }) => api.listRooms(config, buildingId), {
      parts: ({ buildingId }) => answerParts('rooms', buildingId),
      schema: z.array(Room),
    }),
    listTenants: withConfig('listTenants', (config, { buildingId }) => api.listTenants(config, buildingId), {
      parts: ({ buildingId }) => answerParts('tenants', buildingId),
      schema: z.array(Tenant),
    }),
    listBankAccounts: withConfig(
      'listBankAccounts',
      (config, { buildingId }) => api.listBankAccounts(config, buildingId),
      { parts: ({ buildingId }) => answerParts('accounts', buildingId), schema: z.array(LooseRecord) },
    ),
    listTransactions: withConfig('listTransactions', (config, { bankId, limit, skip }) =>
      api.listTransactions(config, bankId, { limit, skip }),
    ),
  };
}
