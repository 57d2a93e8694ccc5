/**
 * The popup's offer of a page's declared payload: what was found in the tab, the account's
 * buildings to name its target (asked only when it names one), and the hand-over to the editor.
 */
import { createModel, effect, signal } from '@preact/signals';
import { browser } from 'wxt/browser';
import type { BuildingListEntry, Target } from '../../lib/api/schemas';
import { putPendingImport } from '../../lib/import/hand-off';
import type { Send } from '../../lib/messaging/page-client';

/** A payload found in the tab (its slot count and target, if readable), or one over the size limit. */
export type Found =
  | { status: 'payload'; text: string; url: string; slots: number | null; target: Target | null }
  | { status: 'tooLarge'; bytes: number };

export const PageOfferModel = createModel((find: () => Promise<Found | null>, send: Send) => {
  const found = signal<Found | null>(null);
  const buildings = signal<BuildingListEntry[] | null>(null);
  /** Why the payload could not be handed to the editor. */
  const failed = signal<string | null>(null);

  // Looked for once, as the popup opens (disposed with the model).
  effect(() => {
    let live = true;
    void find().then(async (offer) => {
      if (!live) return;
      found.value = offer;
      if (offer?.status !== 'payload' || !offer.target) return;
      const answer = await send('listBuildings', {});
      if (live && answer.ok) buildings.value = answer.value;
    });
    return () => {
      live = false;
    };
  });

  return {
    found,
    buildings,
    failed,
    /** Keeps the payload for the editor and opens it there; the popup closes. */
    async review(): Promise<void> {
      const offer = found.value;
      if (offer?.status !== 'payload') return;
      try {
        await putPendingImport({ text: offer.text, source: offer.url || undefined, at: Date.now() });
      } catch (error) {
        return void (failed.value = error instanceof Error ? error.message : String(error));
      }
      await browser.tabs.create({ url: browser.runtime.getURL('/editor.html#import') });
      window.close();
    },
  };
});
