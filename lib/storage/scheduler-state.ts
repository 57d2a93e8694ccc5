/**
 * The request scheduler's state (learned budget, recent send times, the wait per queue) in
 * session storage: it survives the worker being stopped and is gone when the browser closes.
 * Queues are keyed by origin and a hash of the token; no token is stored here.
 */
import { ITEM_KEYS } from './names';
import { SchedulerState, type SchedulerStore } from '../api/scheduler';
import { storedItem } from './stored-item';

export const schedulerStateItem = storedItem('session', ITEM_KEYS.scheduler, SchedulerState, {
  version: 1,
  fallback: () => ({ queues: {} }),
});

export const schedulerStore: SchedulerStore = {
  load: () => schedulerStateItem.get(),
  save: (state) => schedulerStateItem.set(state),
};
