/**
 * The dashboard's cached answers (written by the worker, per profile) with the schemas they are
 * checked against. Loaded by the store right after the first render, as one chunk with zod, so the
 * popup's first bytes hold no schema.
 */
import { Building, BuildingListEntry, LooseRecord, Room, Tenant } from '../../lib/api/schemas';
import { type Cached, readCached } from '../../lib/storage/cache';
import { z } from '../../lib/zod';

const SCHEMAS = {
  buildings: z.array(BuildingListEntry),
  details: Building,
  rooms: z.array(Room),
  tenants: z.array(Tenant),
  accounts: z.array(LooseRecord),
};

export type CachedKind = keyof typeof SCHEMAS;
export type CachedValue<K extends CachedKind> = z.output<(typeof SCHEMAS)[K]>;

/** The building list has one entry; every section one per building. */
const partsOf = (kind: CachedKind, buildingId?: string) =>
  kind === 'buildings' || buildingId === undefined ? [kind] : [kind, buildingId];

export function readSection<K extends CachedKind>(
  profileId: string,
  kind: K,
  buildingId?: string,
): Promise<Cached<CachedValue<K>> | null> {
  return readCached(profileId, partsOf(kind, buildingId), SCHEMAS[kind]) as Promise<Cached<
    CachedValue<K>
  > | null>;
}
