/**
 * What goes wrong with a stored value: one dropped as unreadable, or one of a newer version kept
 * untouched (and a write over it refused). Reported to the console and to every listener (the
 * options page's "Stored data").
 */
import type { StorageArea } from './area';

export interface StorageProblem {
  area: StorageArea;
  key: string;
  reason: string;
  /** The value was written by a newer version of the extension: kept as it is, not dropped. */
  newer?: number;
}

/** A write refused because the key holds a value of a newer version of the extension. */
export class NewerVersionError extends Error {
  constructor(
    readonly key: string,
    readonly version: number,
  ) {
    super(
      `${key} was written by a newer version of the extension (version ${version}); it is kept untouched. Update the extension to change it.`,
    );
    this.name = 'NewerVersionError';
  }
}

const problemListeners = new Set<(problem: StorageProblem) => void>();

/** Tells `listener` about every stored value dropped as unreadable. Returns the unsubscribe. */
export function onStorageProblem(listener: (problem: StorageProblem) => void): () => void {
  problemListeners.add(listener);
  return () => problemListeners.delete(listener);
}

export function reportStorageProblem(problem: StorageProblem): void {
  const what = problem.newer === undefined ? 'Dropped stored value' : 'Kept stored value of a newer version';
  console.warn(`${what} ${problem.key} (${problem.area}): ${problem.reason}`);
  for (const listener of problemListeners) listener(problem);
}
