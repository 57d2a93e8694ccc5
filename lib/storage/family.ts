/**
 * A keyed family of stored values that an account produced: one key per profile and part
 * (`p.<profile>.<name>:<part>:<part>`), so writes for different slots never race, everything of a
 * profile can be listed and removed by its prefix, and each entry is parsed alone.
 */
import type { z } from '../zod';
import { type StorageArea, area } from './area';
import {
  type ItemOptions,
  forgetNewerKey,
  type StoredWrite,
  parseStored,
  readKey,
  readRaw,
  valueToStore,
  writeTogether,
} from './stored-item';
import { watchKeys } from './storage-events';

/** Every key a profile owns starts with this. */
export const profilePrefix = (profileId: string) => `p.${profileId}.`;

/** Any change to what a profile stores locally (a backup's progress, a job, the cache): no value, only that it changed. */
export function watchProfile(profileId: string, callback: () => void): () => void {
  const prefix = profilePrefix(profileId);
  return watchKeys('local', (key) => key.startsWith(prefix), callback);
}

export interface FamilyEntry<T> {
  key: string;
  parts: string[];
  value: T;
}

export interface Family<T> {
  readonly name: string;
  readonly area: StorageArea;
  key(profileId: string, ...parts: string[]): string;
  get(profileId: string, ...parts: string[]): Promise<T | null>;
  set(value: T, profileId: string, ...parts: string[]): Promise<void>;
  /** A value to store together with others in one call (`writeTogether`), validated now. */
  write(value: T, profileId: string, ...parts: string[]): StoredWrite;
  remove(profileId: string, ...parts: string[]): Promise<void>;
  /** Every readable entry of the profile; unreadable ones are removed and reported, alone. */
  entries(profileId: string): Promise<FamilyEntry<T>[]>;
  /** The same for several profiles, with one read of the area. */
  entriesOf(profileIds: readonly string[]): Promise<FamilyEntry<T>[]>;
  removeAll(profileId: string): Promise<number>;
  /** Changes to the profile's entries: the parts and the new value (null when removed or unreadable). */
  watch(profileId: string, callback: (parts: string[], value: T | null) => void): () => void;
  /** Changes to the entries of every profile, each read through the family's schema. */
  watchAll(callback: (key: string, value: T | null) => void): () => void;
}

/** The mechanism behind `profileFamily` (registry.ts), for any area and name: declare values there. */
export function storedFamily<S extends z.ZodMiniType>(
  where: StorageArea,
  name: string,
  schema: S,
  options: ItemOptions,
): Family<z.output<S>> {
  type T = z.output<S>;
  const head = (profileId: string) => `${profilePrefix(profileId)}${name}:`;
  const key = (profileId: string, ...parts: string[]) =>
    `${head(profileId)}${parts.map(encodeURIComponent).join(':')}`;
  const partsOf = (profileId: string, k: string) =>
    k.slice(head(profileId).length).split(':').map(decodeURIComponent);
  const parse = (raw: unknown): T | null => {
    if (raw === undefined) return null;
    const parsed = parseStored(raw, schema, options);
    return parsed.ok ? parsed.value : null;
  };

  const write = (value: T, profileId: string, ...parts: string[]): StoredWrite => ({
    area: where,
    key: key(profileId, ...parts),
    version: options.version,
    value: valueToStore(schema, value),
  });

  async function entriesOf(profileIds: readonly string[]): Promise<FamilyEntry<T>[]> {
    const all = await area(where).get(null);
    const found: FamilyEntry<T>[] = [];
    for (const k of Object.keys(all)) {
      const profileId = profileIds.find((id) => k.startsWith(head(id)));
      if (profileId === undefined) continue;
      // Parsed from the one read of the area: no second read per key.
      const value = await readRaw(where, k, all[k], schema, options);
      if (value !== null) found.push({ key: k, parts: partsOf(profileId, k), value });
    }
    return found;
  }

  return {
    name,
    area: where,
    key,
    get: (profileId, ...parts) => readKey(where, key(profileId, ...parts), schema, options),
    async set(value, profileId, ...parts) {
      await writeTogether([write(value, profileId, ...parts)]);
    },
    write,
    async remove(profileId, ...parts) {
      forgetNewerKey(where, key(profileId, ...parts));
      await area(where).remove(key(profileId, ...parts));
    },
    entries: (profileId) => entriesOf([profileId]),
    entriesOf,
    async removeAll(profileId) {
      const all = await area(where).get(null);
      const keys = Object.keys(all).filter((k) => k.startsWith(head(profileId)));
      if (keys.length > 0) await area(where).remove(keys);
      return keys.length;
    },
    watch(profileId, callback) {
      return watchKeys(
        where,
        (k) => k.startsWith(head(profileId)),
        (k, raw) => callback(partsOf(profileId, k), parse(raw)),
      );
    },
    watchAll(callback) {
      return watchKeys(
        where,
        (k) => familyOfKey(k) === name,
        (k, raw) => callback(k, parse(raw)),
      );
    },
  };
}

/** The family name of a profile's key (`p.<profile>.<family>:…`), or null for another key. */
/** A profile's entries of a family of jobs, newest first (by when each was created). */
export const newestFirst = async <T extends { createdAt: number }>(family: Family<T>, profileId: string) =>
  (await family.entries(profileId)).map((entry) => entry.value).sort((a, b) => b.createdAt - a.createdAt);

export function familyOfKey(key: string): string | null {
  const match = /^p\.[^.]+\.([^:]+):/.exec(key);
  return match?.[1] ?? null;
}

/** Removes every key of a profile in one area, whatever family it belongs to. */
export async function removeProfileKeys(
  where: StorageArea,
  profileId: string,
  keep: (key: string) => boolean = () => false,
): Promise<number> {
  const all = await area(where).get(null);
  const keys = Object.keys(all).filter((k) => k.startsWith(profilePrefix(profileId)) && !keep(k));
  if (keys.length > 0) await area(where).remove(keys);
  return keys.length;
}

/** Bytes (UTF-16 code units of key + JSON) each key of a profile takes, per family name. */
export async function profileUsage(
  where: StorageArea,
  profileId: string,
): Promise<Map<string, { count: number; bytes: number }>> {
  const all = await area(where).get(null);
  const usage = new Map<string, { count: number; bytes: number }>();
  const prefix = profilePrefix(profileId);
  for (const [k, value] of Object.entries(all)) {
    if (!k.startsWith(prefix)) continue;
    const family = k.slice(prefix.length).split(':')[0] ?? '';
    const entry = usage.get(family) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += k.length + JSON.stringify(value).length;
    usage.set(family, entry);
  }
  return usage;
}
