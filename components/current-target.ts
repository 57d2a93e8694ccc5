/**
 * The current target as one signal for every view of a page (dashboard, its Slots tab, the
 * editor), backed by the one stored item, so another page's choice (side panel, popup) follows too.
 */
import { signal } from '@preact/signals';
import type { Target } from '../lib/api/schemas';
import { sameTarget } from '../lib/slots/keys';
import { currentTargetItem } from '../lib/storage/current-target';

export function createCurrentTarget() {
  const target = signal<Target | null>(null);
  let loading: Promise<Target | null> | null = null;
  let stopWatching: (() => void) | null = null;

  return {
    target,
    /** Reads the stored target once (a choice made meanwhile wins) and follows other pages' choices. */
    load(): Promise<Target | null> {
      loading ??= currentTargetItem
        .get()
        .catch(() => null)
        .then((stored) => {
          if (target.value === null) target.value = stored;
          try {
            stopWatching = currentTargetItem.watch((next) => {
              if (next !== null && !sameTarget(target.value, next)) target.value = next;
            });
          } catch {
            // No storage events: this page keeps its own choice.
          }
          return target.value;
        });
      return loading;
    },
    /** Makes `next` current here and, stored, on every other page. */
    choose(next: Target | null): void {
      if (next === target.value || sameTarget(target.value, next)) return;
      target.value = next;
      void currentTargetItem.set(next).catch(() => undefined);
    },
    dispose(): void {
      stopWatching?.();
    },
  };
}

export type CurrentTarget = ReturnType<typeof createCurrentTarget>;
