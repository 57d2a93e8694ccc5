/**
 * A typed, validated value in extension storage. What comes back from storage is parsed like any
 * other input: a value from an older version or a corrupted one falls back instead of crashing.
 */
import { browser } from 'wxt/browser';
import type { z } from '../zod';

export type StorageArea = 'local' | 'session';

export interface StoredItem<T> {
  readonly key: string;
  get(): Promise<T>;
  set(value: T): Promise<void>;
  remove(): Promise<void>;
}

export function storedItem<S extends z.ZodMiniType>(
  area: StorageArea,
  key: string,
  schema: S,
  fallback: () => z.infer<S>,
): StoredItem<z.infer<S>> {
  const store = () => browser.storage[area];
  return {
    key,
    async get() {
      const found = await store().get(key);
      const parsed = schema.safeParse(found[key]);
      return parsed.success ? (parsed.data as z.infer<S>) : fallback();
    },
    async set(value) {
      await store().set({ [key]: schema.parse(value) });
    },
    async remove() {
      await store().remove(key);
    },
  };
}
