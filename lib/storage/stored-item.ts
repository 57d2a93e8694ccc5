/**
 * The one way to declare a stored value: a key (or a keyed family of keys), its zod schema, a
 * version and the migrations from older versions. Every value is stored as `{ v, value }` and is
 * parsed like any other input when read: an older version is migrated (and written back), a
 * corrupt one is removed alone and reported, never taking its neighbours with it. A value of a newer
 * version (written by a newer build of the extension) is reported and kept untouched: never removed,
 * never overwritten. Lists declared with `storedList` lose only their bad entries.
 *
 * Built on our own module rather than WXT's `storage.defineItem`: WXT keeps the version in a
 * separate meta key (two writes that can disagree), does not validate what it reads, and has no
 * keyed families that can be listed and removed by prefix, which sign-out and the storage budget
 * need.
 */
import { z } from '../zod';
import { type StorageArea, area } from './area';
import { watchKeys } from './storage-events';
import { NewerVersionError, reportStorageProblem } from './storage-problems';

/** Turns a value of version `n - 1` into version `n` (the key of the record is `n`). */
export type Migrations = Readonly<Record<number, (old: unknown) => unknown>>;

export interface ItemOptions {
  /** The current version; a value without a version counts as version 0. */
  version: number;
  migrations?: Migrations;
}

interface Decoded {
  version: number;
  value: unknown;
}

/** An unpaired surrogate (half an emoji): with the `u` flag a pair is one code point and never matches. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Whether any text of a value (key or string) holds an unpaired surrogate. */
function holdsLoneSurrogate(value: unknown): boolean {
  if (typeof value === 'string') return LONE_SURROGATE.test(value);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, item]) => LONE_SURROGATE.test(key) || holdsLoneSurrogate(item));
}

function decode(raw: unknown): Decoded {
  if (raw !== null && typeof raw === 'object' && 'v' in raw && ('value' in raw || 'json' in raw)) {
    const { v, value, json } = raw as { v: unknown; value?: unknown; json?: unknown };
    if (typeof v === 'number' && Number.isInteger(v)) {
      if (typeof json !== 'string') return { version: v, value };
      try {
        return { version: v, value: JSON.parse(json) as unknown };
      } catch {
        return { version: v, value: undefined }; // unreadable: dropped by its schema, alone
      }
    }
  }
  return { version: 0, value: raw };
}

type Parsed<T> =
  | { ok: true; value: T; migrated: boolean; dropped: string[] }
  | { ok: false; reason: string; newer?: number };

/** Keys this context found holding a value of a newer version: never written over. */
const newerKeys = new Map<string, number>();

/** A key removed on purpose (Forget, Clear) may be written again. */
export function forgetNewerKey(where: StorageArea, key: string): void {
  newerKeys.delete(`${where}:${key}`);
}

/** Entries a `storedList` dropped during the parse under way (parsing is synchronous). */
let droppedEntries: string[] | null = null;

/**
 * A stored list whose entries are parsed one by one: a bad entry is dropped (and reported with its
 * index when the value is read), the others are kept. Every list of a stored value uses this.
 */
export function storedList<S extends z.ZodMiniType>(entry: S) {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((items: unknown[]): z.output<S>[] =>
      items.flatMap((item, index) => {
        const parsed = entry.safeParse(item);
        if (parsed.success) return [parsed.data as z.output<S>];
        const issue = parsed.error.issues[0];
        const at = [index, ...(issue?.path ?? [])].map(String).join('.');
        droppedEntries?.push(`entry ${at}: ${issue?.message ?? 'invalid'}`);
        return [];
      }),
    ),
  );
}

/** Parses a value about to be stored: unlike a read, a list entry that does not fit is an error. */
export function valueToStore<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const dropped: string[] = [];
  const outer = droppedEntries;
  droppedEntries = dropped;
  try {
    const parsed = schema.parse(value) as z.output<S>;
    if (dropped.length > 0) throw new TypeError(`not stored: ${dropped.join('; ')}`);
    return parsed;
  } finally {
    droppedEntries = outer;
  }
}

/** The version a raw stored value carries, when it is newer than `current`. */
export function newerVersionOf(raw: unknown, current: number): number | null {
  if (raw === undefined) return null;
  const { version } = decode(raw);
  return version > current ? version : null;
}

/** Migrates and validates one raw stored value; pure, so families and items share it. */
export function parseStored<S extends z.ZodMiniType>(
  raw: unknown,
  schema: S,
  options: ItemOptions,
): Parsed<z.output<S>> {
  let { version, value } = decode(raw);
  if (version > options.version)
    return {
      ok: false,
      newer: version,
      reason: `written by a newer version of the extension (version ${version}, this one reads ${options.version}); kept untouched`,
    };
  const migrated = version < options.version;
  try {
    while (version < options.version) {
      version += 1;
      const step = options.migrations?.[version];
      if (!step) return { ok: false, reason: `no migration to version ${version}` };
      value = step(value);
    }
  } catch (error) {
    return { ok: false, reason: `migration to version ${version} failed: ${String(error)}` };
  }
  const dropped: string[] = [];
  const outer = droppedEntries;
  droppedEntries = dropped;
  let parsed: ReturnType<S['safeParse']>;
  try {
    parsed = schema.safeParse(value) as ReturnType<S['safeParse']>;
  } finally {
    droppedEntries = outer;
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `${issue?.path.join('.') || 'value'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, value: parsed.data as z.output<S>, migrated, dropped };
}

/**
 * How a value is stored: `{ v, value }`. A value holding text that storage cannot carry (an unpaired
 * surrogate, e.g. a document piece ending in half an emoji: Chromium's storage stores U+FFFD
 * instead) is stored as its JSON text, which escapes it (`\ud83d`), and read back exactly.
 */
export const envelope = (version: number, value: unknown) =>
  holdsLoneSurrogate(value) ? { v: version, json: JSON.stringify(value) } : { v: version, value };

export interface StoredItem<T> {
  readonly key: string;
  readonly area: StorageArea;
  get(): Promise<T>;
  /** Refused (NewerVersionError) while the key holds a value of a newer version. */
  set(value: T): Promise<void>;
  /** The version of the stored value when a newer build of the extension wrote it; else null. */
  newerVersion(): Promise<number | null>;
  remove(): Promise<void>;
  /** Calls back with the new value on every change (the fallback when removed or unreadable). */
  watch(callback: (value: T) => void): () => void;
}

/**
 * Reads one key: absent → null; unreadable → removed, reported, null; newer → reported, kept, null;
 * older → migrated and written; a list that lost bad entries → written without them, each reported.
 */
export async function readKey<S extends z.ZodMiniType>(
  where: StorageArea,
  key: string,
  schema: S,
  options: ItemOptions,
): Promise<z.output<S> | null> {
  return readRaw(where, key, (await area(where).get(key))[key], schema, options);
}

/** `readKey` of a value already read (one read of several keys, or of the whole area), with its rules. */
export async function readRaw<S extends z.ZodMiniType>(
  where: StorageArea,
  key: string,
  raw: unknown,
  schema: S,
  options: ItemOptions,
): Promise<z.output<S> | null> {
  if (raw === undefined) return null;
  const parsed = parseStored(raw, schema, options);
  if (!parsed.ok) {
    reportStorageProblem({
      area: where,
      key,
      reason: parsed.reason,
      ...(parsed.newer === undefined ? {} : { newer: parsed.newer }),
    });
    if (parsed.newer === undefined) await area(where).remove(key);
    else newerKeys.set(`${where}:${key}`, parsed.newer);
    return null;
  }
  for (const reason of parsed.dropped) reportStorageProblem({ area: where, key, reason });
  if (parsed.migrated || parsed.dropped.length > 0)
    await area(where).set({ [key]: envelope(options.version, parsed.value) });
  return parsed.value;
}

/**
 * Writes one single item's value unless its key holds one of a newer version (then
 * NewerVersionError): the stored value is looked at first. A family's writes go through
 * `writeTogether`, whose read-modify-write has read the keys first.
 */
async function writeItem(where: StorageArea, key: string, version: number, value: unknown): Promise<void> {
  const newer = newerVersionOf((await area(where).get(key))[key], version);
  if (newer !== null) throw new NewerVersionError(key, newer);
  await area(where).set({ [key]: envelope(version, value) });
}

/** One value of a family ready to be written (validated), to go with others in one storage call. */
export interface StoredWrite {
  readonly area: StorageArea;
  readonly key: string;
  readonly version: number;
  readonly value: unknown;
}

/** Values to store with another write, made when it is tried (read anew if it is tried again). */
export type PendingWrites = () => Promise<readonly StoredWrite[]>;

/**
 * Writes values of one area in one storage call (one round trip, and all or none of them stored):
 * none is written while one of their keys holds a newer version. Only keys this context has read
 * are known (every read-modify-write reads first), and the write is issued at once, so a draft
 * written while its page closes is not held back by a read.
 */
export async function writeTogether(writes: readonly StoredWrite[]): Promise<void> {
  const where = writes[0]?.area;
  if (where === undefined) return;
  if (writes.some((w) => w.area !== where))
    throw new TypeError('values of different areas are written apart');
  const values: Record<string, unknown> = {};
  for (const { key, version, value } of writes) {
    const newer = newerKeys.get(`${where}:${key}`);
    if (newer !== undefined) throw new NewerVersionError(key, newer);
    values[key] = envelope(version, value);
  }
  await area(where).set(values);
}

export function storedItem<S extends z.ZodMiniType>(
  where: StorageArea,
  key: string,
  schema: S,
  options: ItemOptions & { fallback: () => z.output<S> },
): StoredItem<z.output<S>> {
  type T = z.output<S>;
  const fromChange = (raw: unknown): T => {
    if (raw === undefined) return options.fallback();
    const parsed = parseStored(raw, schema, options);
    return parsed.ok ? parsed.value : options.fallback();
  };
  return {
    key,
    area: where,
    async get() {
      return (await readKey(where, key, schema, options)) ?? options.fallback();
    },
    async set(value) {
      await writeItem(where, key, options.version, valueToStore(schema, value));
    },
    async newerVersion() {
      return newerVersionOf((await area(where).get(key))[key], options.version);
    },
    async remove() {
      await area(where).remove(key);
    },
    watch(callback) {
      return watchKeys(
        where,
        (changed) => changed === key,
        (_key, raw) => callback(fromChange(raw)),
      );
    },
  };
}
