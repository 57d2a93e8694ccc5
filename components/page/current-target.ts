/**
 * The current target as one signal for every view of a page (dashboard, its Slots tab, the
 * editor), backed by the one stored item, so another page's choice (side panel, popup) follows too.
 */
import { createModel, effect, signal } from '@preact/signals';
import type { Target } from '../../lib/api/schemas';
import { sameTarget } from '../../lib/slots/keys';

/** The stored item (and zod with it) loads after the page's first render. */
const storedTarget = (profileId: string) =>
  import('../../lib/storage/current-target').then((module) => module.currentTargetItem(profileId));

/** The current target of the profile the page shows. */
export const CurrentTarget = createModel((profileId: string) => {
  const target = signal<Target | null>(null);
  let loading: Promise<Target | null> | null = null;
  let stopWatching: (() => void) | null = null;
  let disposed = false;
  // Disposed with the model: other pages' choices are no longer followed.
  effect(() => () => {
    disposed = true;
    stopWatching?.();
  });

  return {
    target,
    /** Reads the stored target once (a choice made meanwhile wins) and follows other pages' choices. */
    load(): Promise<Target | null> {
      loading ??= storedTarget(profileId)
        .then(async (item) => {
          const stored = await item.get().catch(() => null);
          if (target.value === null) target.value = stored;
          if (!disposed)
            stopWatching = item.watch((next) => {
              if (next !== null && !sameTarget(target.value, next)) target.value = next;
            });
          return target.value;
        })
        // No stored target or no storage events: this page keeps its own choice.
        .catch(() => target.value);
      return loading;
    },
    /** Makes `next` current here and, stored, on every other page. */
    choose(next: Target | null): void {
      if (next === target.value || sameTarget(target.value, next)) return;
      target.value = next;
      void storedTarget(profileId)
        .then((item) => item.set(next))
        .catch(() => undefined);
    },
  };
});

export type CurrentTarget = InstanceType<typeof CurrentTarget>;
