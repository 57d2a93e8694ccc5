/**
 * The E2E build's test-only door (`globalThis.__TEST__` in its worker; absent from the store
 * builds, which the build audit proves). Tests set a profile up through it instead of the options
 * form, and wait for **settled** instead of guessing readiness from a page:
 *
 *   busy ──(no request queued or in flight, no job running, for two looks in a row)──► settled
 *
 * A queue waiting out a 429 with nothing queued is settled: nothing is sent until asked again.
 */
import { RequestScheduler } from './api/scheduler';
import type { SettingsInput } from './messaging/protocol';
import type { Handlers } from './messaging/router';

export interface Activity {
  queued: number;
  inFlight: number;
  jobs: number;
}

export interface TestDoor {
  /** Saves a profile's connection as the options form does (the same handler, the same checks). */
  configure(input: SettingsInput): ReturnType<Handlers['saveSettings']>;
  /** What is under way now. */
  activity(): Activity;
  /** Resolves with the activity once settled; rejects after `timeoutMs`, naming what is still busy. */
  settled(timeoutMs?: number): Promise<Activity>;
  /** How long a request waits for an answer from now on (ms on the request path's clock), until the worker stops. */
  setRequestTimeout(ms: number): void;
  /**
   * Back to a new install between tests: once settled (or after `timeoutMs`), every stored item
   * and family goes (local and session) and the scheduler forgets its queues.
   */
  reset(timeoutMs?: number): Promise<void>;
}

export interface TestDoorDeps {
  handlers: Pick<Handlers, 'saveSettings'>;
  scheduler: DoorScheduler;
  /** The jobs (imports, restores, backups, …) this worker runs now. */
  runningJobs: () => number;
  setRequestTimeout: (ms: number) => void;
  /** Removes everything stored, in both areas (lib/storage/area.ts clearBothAreas). */
  clearStorage: () => Promise<void>;
}

const LOOK_MS = 25;

/** The E2E build's scheduler: the request scheduler that can also forget every queue for the door's reset. */
export class DoorScheduler extends RequestScheduler {
  /** Forgets every queue, as a new worker with nothing saved. */
  forgetAll(): void {
    for (const queue of this.queues.values()) {
      this.clock.clearTimeout(queue.timer);
      this.drop(queue, () => true);
    }
    this.queues.clear();
    this.scheduleSave();
    this.onChange();
  }
}

export function createTestDoor({
  handlers,
  scheduler,
  runningJobs,
  setRequestTimeout,
  clearStorage,
}: TestDoorDeps): TestDoor {
  const activity = (): Activity => {
    let queued = 0;
    let inFlight = 0;
    for (const queue of scheduler.view()) {
      queued += queue.queued.user + queue.queued.visible + queue.queued.background;
      inFlight += queue.inFlight;
    }
    return { queued, inFlight, jobs: runningJobs() };
  };
  const idle = (a: Activity) => a.queued === 0 && a.inFlight === 0 && a.jobs === 0;
  const settled = (timeoutMs = 10_000) =>
    new Promise<Activity>((resolve, reject) => {
      const until = Date.now() + timeoutMs;
      let quietLooks = 0;
      const look = () => {
        const now = activity();
        quietLooks = idle(now) ? quietLooks + 1 : 0;
        if (quietLooks >= 2) return resolve(now);
        if (Date.now() > until)
          return reject(new Error(`not settled after ${timeoutMs} ms: ${JSON.stringify(now)}`));
        setTimeout(look, LOOK_MS);
      };
      look();
    });
  return {
    configure: (input) => handlers.saveSettings(input, { profile: null }),
    setRequestTimeout,
    activity,
    settled,
    reset: async (timeoutMs = 5_000) => {
      // What the test before left running ends with the queues; the reset never waits longer.
      await settled(timeoutMs).catch(() => undefined);
      scheduler.forgetAll();
      await clearStorage();
    },
  };
}
