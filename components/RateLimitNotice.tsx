/**
 * "Request limit reached, continuing in 12 s": shown wherever the user waits while the worker's
 * request scheduler holds requests back for the API key's budget, with a live countdown and a
 * button that cancels what is queued. Nothing is shown while no request waits.
 *
 * The worker is asked once, for the page's own queue and its key; after that the notice follows
 * the queue in session storage, so an open page never keeps the worker awake.
 */
import { useEffect, useState } from 'preact/hooks';
import type { QueueView } from '../lib/api/scheduler-types';
import { t } from '../lib/i18n';
import { paceText } from './budget-text';
import { type Send, openOptionsPage, send as realSend } from '../lib/messaging/page-client';

export interface RateLimitNoticeProps {
  send?: Send;
  /** The clock, for tests; Date.now by default. */
  now?: () => number;
  /** Opens the options page (its "Requests per minute" field); the browser's by default. */
  openOptions?: () => void;
}

const TICK_MS = 1_000;

/** The page's queue: the worker's answer first, then every published change of it. */
function useOwnQueue(send: Send): [QueueView | null, (queue: QueueView | null) => void] {
  const [queue, setQueue] = useState<QueueView | null>(null);
  useEffect(() => {
    let live = true;
    let stop = () => undefined as void;
    void (async () => {
      const answer = await send('getRequestQueue', {});
      if (!live || !answer.ok) return;
      setQueue(answer.value.queue);
      const key = answer.value.key;
      if (key === null) return;
      // The stored item (and zod with it) loads outside the page's first bytes.
      const { requestQueuesItem } = await import('../lib/storage/request-queues');
      if (!live) return;
      const own = (views: QueueView[]) => views.find((view) => view.key === key);
      stop = requestQueuesItem.watch((views) => setQueue(own(views) ?? null));
      // A change published before the watch began; a queue not yet published keeps the answer.
      const published = own(await requestQueuesItem.get().catch(() => []));
      if (live && published) setQueue(published);
    })();
    return () => {
      live = false;
      stop();
    };
  }, [send]);
  return [queue, setQueue];
}

export function RateLimitNotice({
  send = realSend,
  now = Date.now,
  openOptions = openOptionsPage,
}: RateLimitNoticeProps) {
  const [queue, setQueue] = useOwnQueue(send);
  const [time, setTime] = useState(now());
  const waitingUntil = queue?.waitingUntil ?? 0;
  // The countdown ticks on the page's own clock, only while a wait is on.
  useEffect(() => {
    setTime(now());
    if (waitingUntil <= now()) return;
    const timer = setInterval(() => {
      const current = now();
      setTime(current);
      if (current >= waitingUntil) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [waitingUntil, now]);

  if (!queue || waitingUntil <= time) return null;
  const queued = queue.queued.user + queue.queued.visible + queue.queued.background;
  const seconds = String(Math.max(1, Math.ceil((waitingUntil - time) / 1000)));
  const cancel = async () => {
    await send('cancelQueuedRequests', {});
    setQueue(null);
  };
  // Learned from refusals (shared, or perhaps low): said, with the way to set what the key allows.
  const pace = paceText(queue.budget, time);
  return (
    <div class="notice notice--wait" role="status">
      <p class="notice__title">{t('rateLimit_waiting', seconds)}</p>
      <p class="notice__detail">{t('rateLimit_queued', String(queued))}</p>
      {pace && <p class="notice__detail">{pace}</p>}
      <div class="actions">
        <button type="button" class="button" onClick={() => void cancel()}>
          {t('rateLimit_cancel')}
        </button>
        {pace && (
          <button type="button" class="button" onClick={openOptions}>
            {t('rateLimit_openOptions')}
          </button>
        )}
      </div>
    </div>
  );
}
