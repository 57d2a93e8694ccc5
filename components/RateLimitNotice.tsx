/**
 * "Request limit reached, continuing in 12 s": shown wherever the user waits while the worker's
 * request scheduler holds requests back for the API key's budget, with a live countdown and a
 * button that cancels what is queued. Nothing is shown while no request waits; what it follows
 * lives in its model (rate-limit-model.ts).
 */
import { useModel } from '@preact/signals';
import { t } from '../lib/i18n';
import { paceText } from './budget-text';
import { type Send, openOptionsPage, send as realSend } from '../lib/messaging/page-client';
import { RateLimitModel } from './rate-limit-model';

export interface RateLimitNoticeProps {
  send?: Send;
  /** The clock, for tests; Date.now by default. */
  now?: () => number;
  /** Opens the options page (its "Requests per minute" field); the browser's by default. */
  openOptions?: () => void;
}

export function RateLimitNotice({
  send = realSend,
  now = Date.now,
  openOptions = openOptionsPage,
}: RateLimitNoticeProps) {
  const model = useModel(() => new RateLimitModel(send, now));
  const queue = model.queue.value;
  const time = model.time.value;
  const waitingUntil = model.waitingUntil.value;
  if (!queue || waitingUntil <= time) return null;
  const queued = queue.queued.user + queue.queued.visible + queue.queued.background;
  const seconds = String(Math.max(1, Math.ceil((waitingUntil - time) / 1000)));
  // Learned from refusals (shared, or perhaps low): said, with the way to set what the key allows.
  const pace = paceText(queue.budget, time);
  return (
    <div class="notice notice--wait" role="status">
      <p class="notice__title">{t('rateLimit_waiting', seconds)}</p>
      <p class="notice__detail">{t('rateLimit_queued', String(queued))}</p>
      {pace && <p class="notice__detail">{pace}</p>}
      <div class="actions">
        <button type="button" class="button" onClick={() => void model.cancel()}>
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
