/**
 * The popup's "From this page" offer, for site owners: through activeTab, the page's declared slot
 * payload (a <script type="application/json" data-page-options> element) is read in an isolated
 * world and offered for review in the full editor. Nothing is passed into the page, nothing is
 * written from here: the editor validates, previews and asks for confirmation.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n';
import { putPendingImport } from '../../lib/import/pending';

/** Runs in the page (isolated world): returns the declared payload's text, nothing else. */
export function declaredPayload(): string | null {
  const element = document.querySelector('script[type="application/json"][data-page-options]');
  return element ? element.textContent : null;
}

interface Found {
  text: string;
  url: string;
  slots: number | null;
}

/** The tab to look at: the active one, or `?sourceTab=<id>` when a page opened the popup for a tab. */
async function sourceTab(): Promise<{ id: number; url: string } | null> {
  const param = new URLSearchParams(location.search).get('sourceTab');
  const tab = param
    ? await browser.tabs.get(Number(param))
    : (await browser.tabs.query({ active: true, currentWindow: true }))[0];
  return tab?.id === undefined ? null : { id: tab.id, url: tab.url ?? '' };
}

export async function findPayload(): Promise<Found | null> {
  try {
    const tab = await sourceTab();
    if (!tab) return null;
    const [injection] = await browser.scripting.executeScript({
      target: { tabId: tab.id },
      func: declaredPayload,
    });
    const text: unknown = injection?.result;
    if (typeof text !== 'string' || !text.trim()) return null;
    let slots: number | null = null;
    try {
      const value = JSON.parse(text) as { slots?: unknown };
      if (Array.isArray(value.slots)) slots = value.slots.length;
    } catch {
      // Shown as a problem in the editor's check.
    }
    return { text, url: tab.url, slots };
  } catch {
    // No access to this tab (a browser page, a store page): nothing to offer.
    return null;
  }
}

export function PageOffer() {
  const [found, setFound] = useState<Found | null>(null);
  useEffect(() => {
    void findPayload().then(setFound);
  }, []);
  if (!found) return null;
  const review = async () => {
    await putPendingImport({ text: found.text, source: found.url || undefined, at: Date.now() });
    await browser.tabs.create({ url: browser.runtime.getURL('/editor.html#import') });
    window.close();
  };
  return (
    <section class="page-offer notice" aria-label={t('offer_heading')}>
      <p class="notice__title">{t('offer_heading')}</p>
      <p class="notice__detail">
        {found.slots === null ? t('offer_found') : t('offer_foundSlots', String(found.slots))}
      </p>
      <button type="button" class="button button--primary" onClick={() => void review()}>
        {t('offer_review')}
      </button>
    </section>
  );
}

export function mountPageOffer(container: HTMLElement): void {
  render(<PageOffer />, container);
}
