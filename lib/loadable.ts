/**
 * The one shape of "a value being loaded", for every view of every page (the one way to fill it:
 * cached-then-fresh.ts). Zod-free and framework-free (a Preact signal is a `Cell`), so the popup's
 * first bytes can hold it.
 */
import type { AppError } from './app-error';

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
