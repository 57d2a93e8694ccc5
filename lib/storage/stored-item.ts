/**
 * The one way to declare a stored value: a key (or a keyed family of keys), its zod schema, a
 * version and the migrations from older versions. Every value is stored as `{ v, value }` and is
 * parsed like any other input when read: an older version is migrated (and written back), a
 * corrupt one is removed alone and reported, never taking its neighbours with it.
 *
 * Built on our own module rather than WXT's `storage.defineItem`: WXT keeps the version in a
 * separate meta key (two writes that can disagree), does not validate what it reads, and has no
 * keyed families that can be listed and removed by prefix, which sign-out and the storage budget
 * need.
 */
import { browser } from 'wxt/browser';
import type { z } from '../zod';

export type StorageArea = 'local' | 'session';

/** Turns a value of version `n - 1` into version `n` (the key of the record is `n`). */
export type Migrations = Readonly<Record<number, (old: unknown) => unknown>>;

export interface ItemOptions {
  /** The current version; a value without a version counts as version 0. */
  version: number;
  migrations?: Migrations;
}

export interface StorageProblem {
  area: StorageArea;
  key: string;
  reason: string;
}

const problemListeners = new Set<(problem: StorageProblem) => void>();

/** Tells `listener` about every stored value dropped as unreadable. Returns the unsubscribe. */
export function onStorageProblem(listener: (problem: StorageProblem) => void): () => void {
  problemListeners.add(listener);
  return () => problemListeners.delete(listener);
}

export function reportStorageProblem(problem: StorageProblem): void {
  console.warn(`Dropped stored value ${problem.key} (${problem.area}): ${problem.reason}`);
  for (const listener of problemListeners) listener(problem);
}

export const area = (name: StorageArea) => browser.storage[name];

interface Decoded {
  version: number;
  value: unknown;
}

function decode(raw: unknown): Decoded {
  if (raw !== null && typeof raw === 'object' && 'v' in raw && 'value' in raw) {
    const { v, value } = raw as { v: unknown; value: unknown };
    if (typeof v === 'number' && Number.isInteger(v)) return { version: v, value };
  }
  return { version: 0, value: raw };
}

type Parsed<T> = { ok: true; value: T; migrated: boolean } | { ok: false; reason: string };

/** Migrates and validates one raw stored value; pure, so families and items share it. */
export function parseStored<S extends z.ZodMiniType>(
  raw: unknown,
  schema: S,
  options: ItemOptions,
): Parsed<z.output<S>> {
  let { version, value } = decode(raw);
  if (version > options.version) return { ok: false, reason: `version ${version} is newer than this build` };
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
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: `${issue?.path.join('.') || 'value'}: ${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, value: parsed.data as z.output<S>, migrated };
}

export const envelope = (version: number, value: unknown) => ({ v: version, value });

export interface StoredItem<T> {
  readonly key: string;
  readonly area: StorageArea;
  get(): Promise<T>;
  set(value: T): Promise<void>;
  remove(): Promise<void>;
  /** Calls back with the new value on every change (the fallback when removed or unreadable). */
  watch(callback: (value: T) => void): () => void;
}

/** Reads one key: absent → null; unreadable → removed, reported, null; older → migrated and written. */
export async function readKey<S extends z.ZodMiniType>(
  where: StorageArea,
  key: string,
  schema: S,
  options: ItemOptions,
): Promise<z.output<S> | null> {
  const raw = (await area(where).get(key))[key];
  if (raw === undefined) return null;
  const parsed = parseStored(raw, schema, options);
  if (!parsed.ok) {
    reportStorageProblem({ area: where, key, reason: parsed.reason });
    await area(where).remove(key);
    return null;
  }
  if (parsed.migrated) await area(where).set({ [key]: envelope(options.version, parsed.value) });
  return parsed.value;
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
      await area(where).set({ [key]: envelope(options.version, schema.parse(value)) });
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

/** Storage change events for the keys `matches` accepts, with the new raw value (undefined = removed). */
export function watchKeys(
  where: StorageArea,
  matches: (key: string) => boolean,
  callback: (key: string, raw: unknown) => void,
): () => void {
  const listener = (changes: Record<string, { newValue?: unknown }>, changedArea: string) => {
    if (changedArea !== where) return;
    for (const [key, change] of Object.entries(changes)) if (matches(key)) callback(key, change.newValue);
  };
  try {
    browser.storage.onChanged.addListener(listener);
  } catch {
    return () => undefined; // no storage events (some test environments)
  }
  return () => browser.storage.onChanged.removeListener(listener);
}

/** Whether an error is the browser refusing a write because the storage area is full. */
export function isQuotaError(error: unknown): boolean {
  return /quota/i.test(String(error instanceof Error ? error.message : error));
}
