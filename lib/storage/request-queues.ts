/**
 * What pages see of the worker's request queues, published by the worker after each change into
 * session storage. A page follows its own queue by watching this item, instead of asking the worker
 * every second, which would keep the worker awake for as long as a page is open. Queues are keyed
 * by origin and a hash of the token; no token is stored here.
 */
import { QueueView } from '../api/scheduler-types';
import { singleItem } from './registry';
import { storedList } from './stored-item';

export const requestQueuesItem = singleItem('session', 'requestQueues', storedList(QueueView), {
  version: 1,
  signOut: 'kept',
  bound: { boundedBy: 'one entry per key and address in use' },
  fallback: () => [],
});

/**
 * Returns a function that publishes `view()`: writes coalesce (one in flight, one waiting, each
 * with the newest view), and a view equal to the last one written is not written again.
 */
export function queuePublisher(view: () => QueueView[]): () => void {
  let waiting = false;
  let writing = Promise.resolve();
  let last = '';
  return () => {
    if (waiting) return;
    waiting = true;
    writing = writing.then(async () => {
      waiting = false;
      const next = view();
      const text = JSON.stringify(next);
      if (text === last) return;
      last = text;
      await requestQueuesItem.set(next).catch(() => undefined);
    });
  };
}
