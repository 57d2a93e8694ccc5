/**
 * What of the request scheduler (lib/api/scheduler.ts) survives the worker being stopped: each
 * queue's `Pace` under its key, loaded once, saved after changes (coalesced: at most one save in
 * flight and one waiting, each with the newest state).
 */
import * as pacing from './pacing';
import type { Queue } from './scheduler-queue';
import type { QueueId, SchedulerState, SchedulerStore } from './scheduler-types';

/** The saved paces, each restored as a new one would be (waits capped). */
export async function loadPaces(
  store: SchedulerStore | undefined,
  now: number,
): Promise<{ id: QueueId; pace: pacing.Pace }[]> {
  let state: SchedulerState | null | undefined;
  try {
    state = await store?.load();
  } catch {
    state = null;
  }
  return Object.entries(state?.queues ?? {}).map(([key, { origin, ...saved }]) => ({
    id: { key, origin },
    pace: pacing.restored(saved, now),
  }));
}

export function snapshotOf(queues: Iterable<Queue>): SchedulerState {
  const state: SchedulerState['queues'] = {};
  for (const { id, pace } of queues) state[id.key] = { origin: id.origin, ...pace, sends: [...pace.sends] };
  return { queues: state };
}

/** Saves `snapshot()` into the store when asked: coalesced, errors ignored (the next save retries). */
export class CoalescedSaver {
  private saving: Promise<void> = Promise.resolve();
  private queued = false;

  constructor(
    private readonly store: SchedulerStore | undefined,
    private readonly snapshot: () => SchedulerState,
  ) {}

  schedule(): void {
    const store = this.store;
    if (!store || this.queued) return;
    this.queued = true;
    this.saving = this.saving.then(async () => {
      this.queued = false;
      await store.save(this.snapshot()).catch(() => undefined);
    });
  }

  /** Waits for pending saves. */
  flush(): Promise<void> {
    return this.saving;
  }
}
