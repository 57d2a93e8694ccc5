/**
 * The request scheduler's state (learned budget, recent send times, the wait per queue) in
 * session storage: it survives the worker being stopped and is gone when the browser closes.
 * Queues are keyed by origin and a hash of the token; no token is stored here.
 */
import { SchedulerState, type SchedulerStore } from '../api/scheduler-types';
import { singleItem } from './registry';

export const schedulerStateItem = singleItem('session', 'scheduler', SchedulerState, {
  version: 1,
  // A sign-out ends the key's wait (scheduler.endWait).
  signOut: 'kept',
  bound: { boundedBy: 'one entry per key and address in use' },
  fallback: () => ({ queues: {} }),
});

export const schedulerStore: SchedulerStore = {
  load: () => schedulerStateItem.get(),
  save: (state) => schedulerStateItem.set(state),
};
