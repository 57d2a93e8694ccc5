/**
 * "Request limit reached, continuing in 12 s": shown wherever the user waits while the worker's
 * request scheduler holds requests back for the API key's budget, with a live countdown and a
 * button that cancels what is queued. Nothing is shown while no request waits.
 */
import { useEffect, useState } from 'preact/hooks';
import type { QueueView } from '../lib/api/scheduler';
import { t } from '../lib/i18n';
import { type Send, send as realSend } from '../lib/messaging/client';
import './rate-limit-notice.css';

export interface RateLimitNoticeProps {
  send?: Send;
  /** The clock, for tests; Date.now by default. */
  now?: () => number;
}

const POLL_MS = 1_000;

export function RateLimitNotice({ send = realSend, now = Date.now }: RateLimitNoticeProps) {
  const [queues, setQueues] = useState<QueueView[]>([]);
  const [time, setTime] = useState(now());
  useEffect(() => {
    let live = true;
    const poll = async () => {
      const answer = await send('getRequestQueue', {});
      if (!live) return;
      setQueues(answer.ok ? answer.value : []);
      setTime(now());
    };
    void poll();
    const timer = setInterval(() => void poll(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [send, now]);

  const waitingUntil = Math.max(0, ...queues.map((queue) => queue.waitingUntil ?? 0));
  if (waitingUntil <= time) return null;
  const queued = queues.reduce(
    (sum, queue) => sum + queue.queued.user + queue.queued.visible + queue.queued.background,
    0,
  );
  const seconds = String(Math.max(1, Math.ceil((waitingUntil - time) / 1000)));
  const cancel = async () => {
    await send('cancelQueuedRequests', {});
    setQueues([]);
  };
  return (
    <div class="notice notice--wait" role="status">
      <p class="notice__title">{t('rateLimit_waiting', seconds)}</p>
      <p class="notice__detail">{t('rateLimit_queued', String(queued))}</p>
      <div class="actions">
        <button type="button" class="button" onClick={() => void cancel()}>
          {t('rateLimit_cancel')}
        </button>
      </div>
    </div>
  );
}
