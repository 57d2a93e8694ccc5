/**
 * The one shape of "a value being loaded", for every view of every page, and the one way to fill
 * it: show the cached answer at once, then ask the worker when it is stale. Zod-free and
 * framework-free (a Preact signal is a `Cell`), so the popup's first bytes can hold it.
 */
import type { AppError } from './app-error';
import { isFresh } from './cache/fresh';

export type Loadable<T> =
  | { status: 'loading' }
  /** A premium-only value of an account known to be without premium: it is never asked for. */
  | { status: 'notPremium' }
  | { status: 'error'; error: AppError }
  /** From the cache or the API; `refreshError` when a newer answer could not be fetched. */
  | { status: 'ready'; value: T; savedAt: number; refreshing: boolean; refreshError: AppError | null };

export type Answer<T> = { ok: true; value: T } | { ok: false; error: AppError };

/** Anything holding a Loadable: a signal, or a plain object in tests. */
export interface Cell<T> {
  value: Loadable<T>;
}

export const LOADING: Loadable<never> = { status: 'loading' };

export const ready = <T>(value: T, savedAt: number, refreshing = false): Loadable<T> => ({
  status: 'ready',
  value,
  savedAt,
  refreshing,
  refreshError: null,
});

/** The value when there is one (also while it is being refreshed). */
export const valueOf = <T>(state: Loadable<T>): T | null => (state.status === 'ready' ? state.value : null);

/** The state after an answer: new data, or the error — kept beside older data when there is some. */
export function settled<T>(current: Loadable<T>, answer: Answer<T>, savedAt: number): Loadable<T> {
  if (answer.ok) return ready(answer.value, savedAt);
  if (current.status === 'ready') return { ...current, refreshing: false, refreshError: answer.error };
  return { status: 'error', error: answer.error };
}

export interface CachedThenFresh<T> {
  cell: Cell<T>;
  /** The cached answer, or null. */
  readCache: () => Promise<{ value: T; savedAt: number } | null>;
  /** Asks the worker (with `force`, even when it holds a fresh answer). */
  ask: (force: boolean) => Promise<Answer<T>>;
  /** The profile's freshness window in milliseconds. */
  freshMs: () => Promise<number>;
  now: () => number;
  force: boolean;
  /** False once the page moved on (another building, another profile): nothing more is written. */
  current?: () => boolean;
  /** Called once the cache was checked: its value is shown, or the worker is being asked. */
  cacheChecked?: () => void;
  /** Checked before asking; a replacement state (e.g. notPremium) ends the load without asking. */
  instead?: () => Promise<Loadable<T> | null>;
  /** Reads an answer as another state (a 401 about premium is notPremium, not an error). */
  reinterpret?: (answer: Answer<T>) => Loadable<T> | null;
  /**
   * What is shown came from the worker's first view, checked by hand only: it is checked against
   * the cache (with its schema) as if nothing were shown, and stays on screen meanwhile.
   */
  unchecked?: boolean;
}

/**
 * Shows the cached answer at once; asks the worker unless that answer is fresh (or when forced).
 * A value already shown stays while it is refreshed. Resolves with the worker's answer, if asked.
 */
export async function showCachedThenRefresh<T>(load: CachedThenFresh<T>): Promise<Answer<T> | null> {
  const { cell, now, force, current = () => true } = load;
  if (cell.value.status !== 'ready' || load.unchecked) {
    const cached = await load.readCache().catch(() => null);
    if (!current()) return null;
    if (cached) cell.value = ready(cached.value, cached.savedAt, true);
    load.cacheChecked?.();
    const fresh = cached !== null && isFresh(cached.savedAt, now(), await load.freshMs());
    if (!current()) return null;
    if (fresh && !force) {
      if (cell.value.status === 'ready') cell.value = { ...cell.value, refreshing: false };
      return null;
    }
  } else {
    load.cacheChecked?.();
    cell.value = { ...cell.value, refreshing: true, refreshError: null };
  }
  const replacement = await load.instead?.();
  if (!current()) return null;
  if (replacement) {
    cell.value = replacement;
    return null;
  }
  const answer = await load.ask(force);
  if (!current()) return null;
  cell.value = load.reinterpret?.(answer) ?? settled(cell.value, answer, now());
  return answer;
}
