/**
 * The dashboard's cached answers with the schemas they are checked against. Loaded by the store
 * right after the first render, as one chunk with zod, so the popup's first bytes hold no schema.
 */
import { Building, BuildingListEntry, LooseRecord, Room, Tenant } from '../../lib/api/schemas';
import { type Cached, cacheKey, readCached, writeCached } from '../../lib/cache/cache';
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
const keyOf = (kind: CachedKind, buildingId?: string) =>
  kind === 'buildings' ? cacheKey(kind) : cacheKey(kind, buildingId);

export function readSection<K extends CachedKind>(
  kind: K,
  buildingId?: string,
): Promise<Cached<CachedValue<K>> | null> {
  return readCached(keyOf(kind, buildingId), SCHEMAS[kind]) as Promise<Cached<CachedValue<K>> | null>;
}

/** Stores an answer as it came, already checked against the protocol by `send`. */
export function writeSection(
  kind: CachedKind,
  buildingId: string | undefined,
  value: unknown,
  savedAt: number,
): Promise<void> {
  return writeCached(keyOf(kind, buildingId), value, savedAt);
}
