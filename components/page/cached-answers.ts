/**
 * The dashboard's cached answers (written by the worker, per profile) with the schemas they are
 * checked against, and the one way they are shown before the worker's. Loaded by the store right
 * after the first render, as one chunk with zod, so the popup's first bytes hold no schema.
 */
import { Building, BuildingListEntry, LooseRecord, Room, Tenant } from '../../lib/api/schemas';
import { type Cached, answerParts, readCached } from '../../lib/storage/cache';
import { z } from '../../lib/zod';

export { showCachedThenRefresh } from '../../lib/cached-then-fresh';

const SCHEMAS = {
  buildings: z.array(BuildingListEntry),
  details: Building,
  rooms: z.array(Room),
  tenants: z.array(Tenant),
  accounts: z.array(LooseRecord),
};

export type CachedKind = keyof typeof SCHEMAS;
export type CachedValue<K extends CachedKind> = z.output<(typeof SCHEMAS)[K]>;

export function readSection<K extends CachedKind>(
  profileId: string,
  kind: K,
  buildingId?: string,
): Promise<Cached<CachedValue<K>> | null> {
  return readCached(profileId, answerParts(kind, buildingId), SCHEMAS[kind]) as Promise<Cached<
    CachedValue<K>
  > | null>;
}
