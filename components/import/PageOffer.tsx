/**
 * The popup's "From this page" offer, for site owners: through activeTab, the page's declared slot
 * payload (a <script type="application/json" data-page-options> element) is read in an isolated
 * world and offered for review in the full editor. Nothing is passed into the page but the size
 * limit, nothing is written from here: the editor validates, previews and asks for confirmation.
 * The offer names the document's target and warns when it is not one of the account's buildings.
 */
import { render } from 'preact';
import { useModel } from '@preact/signals';
import { browser } from 'wxt/browser';
import { Target } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import { MAX_IMPORT_BYTES, sizeProblem, utf8Bytes } from '../../lib/import/format-sizes';
import { type Send, send as realSend } from '../../lib/messaging/page-client';
import { nameTarget } from './target-name';
import { type Found, PageOfferModel } from './page-offer-model';

/**
 * Runs in the page (isolated world): the declared payload's text, or only its length when it is
 * over `maxLength` code units (never more text than an import may have crosses into the popup).
 */
export function declaredPayload(maxLength: number): string | { length: number } | null {
  const element = document.querySelector('script[type="application/json"][data-page-options]');
  const text = element ? element.textContent : null;
  if (text !== null && text.length > maxLength) return { length: text.length };
  return text;
}

/** The tab to look at: the active one, or `?sourceTab=<id>` when a page opened the popup for a tab. */
async function sourceTab(): Promise<{ id: number; url: string } | null> {
  const param = new URLSearchParams(location.search).get('sourceTab');
  const tab = param
    ? await browser.tabs.get(Number(param))
    : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  return tab?.id === undefined ? null : { id: tab.id, url: tab.url ?? '' };
}

/** What the offer needs of a payload within the size limit: its slot count and target, if readable. */
export function describePayload(text: string, url: string): Found {
  const tooLarge = sizeProblem(text);
  if (tooLarge) return { status: 'tooLarge', bytes: utf8Bytes(text) };
  let slots: number | null = null;
  let target: Target | null = null;
  try {
    const value = JSON.parse(text) as { slots?: unknown; target?: unknown };
    if (Array.isArray(value.slots)) slots = value.slots.length;
    const parsed = Target.safeParse(value.target);
    if (parsed.success) target = parsed.data;
  } catch {
    // Shown as a problem in the editor's check.
  }
  return { status: 'payload', text, url, slots, target };
}

export async function findPayload(): Promise<Found | null> {
  try {
    const tab = await sourceTab();
    if (!tab) return null;
    const [injection] = await browser.scripting.executeScript({
      target: { tabId: tab.id },
      func: declaredPayload,
      args: [MAX_IMPORT_BYTES],
    });
    const result: unknown = injection?.result;
    if (typeof result === 'object' && result !== null && 'length' in result) {
      // Each code unit is at least one byte: the page's text is over the limit either way.
      return { status: 'tooLarge', bytes: Number(result.length) };
    }
    if (typeof result !== 'string' || !result.trim()) return null;
    return describePayload(result, tab.url);
  } catch {
    // No access to this tab (a browser page, a store page): nothing to offer.
    return null;
  }
}

const kb = (bytes: number) => String(Math.ceil(bytes / 1024));

export function PageOffer({
  find = findPayload,
  send = realSend,
}: {
  find?: () => Promise<Found | null>;
  send?: Send;
}) {
  const offer = useModel(() => new PageOfferModel(find, send));
  const found = offer.found.value;
  const failed = offer.failed.value;
  if (!found) return null;
  if (found.status === 'tooLarge') {
    return (
      <section class="page-offer notice" aria-label={t('offer_heading')}>
        <p class="notice__title">{t('offer_heading')}</p>
        <p class="notice__detail" role="alert">
          {t('offer_tooLarge', [kb(found.bytes), kb(MAX_IMPORT_BYTES)])}
        </p>
      </section>
    );
  }
  const named = found.target ? nameTarget(found.target, offer.buildings.value) : null;
  return (
    <section class="page-offer notice" aria-label={t('offer_heading')}>
      <p class="notice__title">{t('offer_heading')}</p>
      <p class="notice__detail">
        {found.slots === null ? t('offer_found') : t('offer_foundSlots', String(found.slots))}
      </p>
      {named && <p class="notice__detail">{t('offer_target', named.label)}</p>}
      {named && !named.listed && (
        <p class="notice__detail" role="alert">
          {t('offer_notListed', named.label)}
        </p>
      )}
      {failed !== null && (
        <p class="notice__detail" role="alert">
          {t('offer_failed', failed)}
        </p>
      )}
      <button type="button" class="button button--primary" onClick={() => void offer.review()}>
        {t('offer_review')}
      </button>
    </section>
  );
}

export function mountPageOffer(container: HTMLElement): void {
  render(<PageOffer />, container);
}
