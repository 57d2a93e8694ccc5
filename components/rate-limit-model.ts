/**
 * The wait notice's state: the page's own queue (the worker asked once, for the queue and its key,
 * then followed in session storage, so an open page never keeps the worker awake) and the page's
 * clock, ticking each second only while a wait is on. Disposing the model stops following both.
 */
import { computed, createModel, effect, signal } from '@preact/signals';
import type { QueueView } from '../lib/api/scheduler-types';
import type { Send } from '../lib/messaging/page-client';

const TICK_MS = 1_000;

export const RateLimitModel = createModel((send: Send, now: () => number) => {
  const queue = signal<QueueView | null>(null);
  const time = signal(now());
  let live = true;
  let stop = () => undefined as void;
  effect(() => () => {
    live = false;
    stop();
  });
  void (async () => {
    const answer = await send('getRequestQueue', {});
    if (!live || !answer.ok) return;
    queue.value = answer.value.queue;
    const key = answer.value.key;
    if (key === null) return;
    // The stored item (and zod with it) loads outside the page's first bytes.
    const { requestQueuesItem } = await import('../lib/storage/request-queues');
    if (!live) return;
    const own = (views: QueueView[]) => views.find((view) => view.key === key);
    stop = requestQueuesItem.watch((views) => (queue.value = own(views) ?? null));
    // A change published before the watch began; a queue not yet published keeps the answer.
    const published = own(await requestQueuesItem.get().catch(() => []));
    if (live && published) queue.value = published;
  })();

  const waitingUntil = computed(() => queue.value?.waitingUntil ?? 0);
  // The countdown ticks on the page's own clock, only while a wait is on.
  effect(() => {
    const until = waitingUntil.value;
    time.value = now();
    if (until <= now()) return;
    const timer = setInterval(() => {
      time.value = now();
      if (time.peek() >= until) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  });

  return {
    queue,
    time,
    waitingUntil,
    /** Cancels what is queued; the notice goes at once. */
    async cancel(): Promise<void> {
      await send('cancelQueuedRequests', {});
      queue.value = null;
    },
  };
});
