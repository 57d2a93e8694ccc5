/**
 * The one way to fill a Loadable: show the cached answer at once, then ask the worker when it is
 * stale. Apart from loadable.ts since it runs only after a page's first paint, with the cached
 * answers' chunk (components/page/cached-answers.ts), not in the popup's first bytes.
 */
import { type Answer, type Cell, type Loadable, ready, settled } from './loadable';
import { isFresh } from './cache/fresh';

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
