/**
 * The profile's building list: the cached one at once, then the worker's. A remembered building
 * that is no longer listed (another token, sold) is not reopened: the first one becomes current.
 */
import { batch, createModel, signal } from '@preact/signals';
import type { BuildingListEntry } from '../../lib/api/schemas';
import { LOADING, type Loadable, ready } from '../../lib/loadable';
import type { Send } from '../../lib/messaging/page-client';
import type { CurrentTarget } from './current-target';

/** The cached answers, their schemas (with zod) and how they are shown load after the first render. */
export const cachedAnswers = () => import('./cached-answers');

/** Refresh asks the API even when the worker holds a fresh answer. */
export const forced = (force: boolean) => (force ? { hint: { priority: 'user' as const } } : {});

interface BuildingListDeps {
  send: Send;
  profileId: string;
  now: () => number;
  freshMs: () => Promise<number>;
  current: CurrentTarget;
  /** The list of the worker's first view: shown at once (not yet reconciled), checked by the first load. */
  first?: { value: BuildingListEntry[]; savedAt: number } | undefined;
}

export const BuildingList = createModel(
  ({ send, profileId, now, freshMs, current, first }: BuildingListDeps) => {
    const list = signal<Loadable<BuildingListEntry[]>>(
      first ? ready(first.value, first.savedAt, true) : LOADING,
    );
    let unchecked = first !== undefined;

    /** The current target stays when it is a factory or a listed building; else the first building. */
    function reconcile(buildings: BuildingListEntry[]): void {
      const target = current.target.value;
      if (target?.kind === 'factory') return;
      if (target && buildings.some((b) => b.id === target.id)) return;
      const first = buildings[0];
      current.choose(first ? { kind: 'building', id: first.id } : null);
    }

    async function load(force: boolean): Promise<void> {
      const recheck = unchecked;
      unchecked = false;
      const cache = await cachedAnswers();
      await cache.showCachedThenRefresh({
        unchecked: recheck,
        cell: {
          get value() {
            return list.value;
          },
          // One step: no view sees a list that disagrees with the current target.
          set value(next) {
            batch(() => {
              list.value = next;
              if (next.status === 'ready') reconcile(next.value);
            });
          },
        },
        readCache: () => cache.readSection(profileId, 'buildings'),
        ask: (force) => send('listBuildings', forced(force)),
        freshMs,
        now,
        force,
      });
    }

    return {
      list,
      load,
      /** A list of only ids and hashes gets the label a details answer brought. */
      name(id: string, label: string): void {
        const shown = list.value;
        if (shown.status !== 'ready' || !shown.value.some((b) => b.id === id && !b.label)) return;
        list.value = {
          ...shown,
          value: shown.value.map((b) => (b.id === id && !b.label ? { ...b, label } : b)),
        };
      },
    };
  },
);

export type BuildingList = InstanceType<typeof BuildingList>;
