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
  /** Calls `listener` with each valid new value written by any page; returns the unsubscribe. */
  watch(listener: (value: T) => void): () => void;
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
    watch(listener) {
      const onChanged = (changes: Record<string, { newValue?: unknown }>, changedArea: string) => {
        const change = changes[key];
        if (changedArea !== area || !change) return;
        const parsed = schema.safeParse(change.newValue);
        listener(parsed.success ? (parsed.data as z.infer<S>) : fallback());
      };
      browser.storage.onChanged.addListener(onChanged);
      return () => browser.storage.onChanged.removeListener(onChanged);
    },
  };
}
