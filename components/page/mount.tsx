/**
 * The one way a page is mounted: for the active profile, with one page context per profile and
 * epoch. When another profile becomes active, or the active one is signed out or changes account
 * (a new epoch), the old tree and its context are dropped first and the page renders anew from
 * nothing, so nothing of the other account is shown at any moment.
 */
import { type VNode, render } from 'preact';
import { type MessageKey, localizeDocument } from '../../lib/i18n';
import { createSend, send } from '../../lib/messaging/page-client';
import type { FirstView } from '../../lib/storage/first-view';
import { type ProfileHint, readProfileHint } from '../../lib/storage/profile-hint';
import { afterPaint } from '../after-paint';
import { PageContext } from './context';

/** What a page needs of the profiles: which is active, and each one's name and colour. */
export interface ProfileState {
  active: string | null;
  list: { id: string; name: string; color: string; epoch: number }[];
}

export interface PageMount {
  titleKey: MessageKey;
  /** The page's view, rendered again on every change of the profiles. */
  view: (page: PageContext, profiles: ProfileState) => VNode;
  /** Called once for each new context (a store to start, a scroll to make). */
  started?: (page: PageContext) => void;
  /**
   * False for a page about every profile (the options page): one context whose messages name no
   * profile (each names the one it is about), rendered once, not anew on a switch.
   */
  followsActiveProfile?: boolean;
  /**
   * What the page read before mounting (lib/storage/first-view-read.ts): the stored profiles and
   * the worker's first view, already checked against them. The first context starts from the view;
   * the worker is asked only once the first view is painted.
   */
  first?: { profiles: ProfileHint | null; view: FirstView | null };
}

const generationOf = (state: ProfileState) => {
  const active = state.list.find((p) => p.id === state.active);
  return active ? `${active.id}#${active.epoch}` : null;
};

export async function mountPage(root: HTMLElement, mount: PageMount): Promise<void> {
  localizeDocument(mount.titleKey);
  if (mount.followsActiveProfile === false) {
    const page = new PageContext({ send, profileId: '' });
    mount.started?.(page);
    render(mount.view(page, { active: null, list: [] }), root);
    return;
  }
  let page: PageContext | null = null;
  let shown: string | null | undefined;
  let firstView = mount.first?.view ?? null;
  const show = (profiles: ProfileState) => {
    const generation = generationOf(profiles);
    if (page && generation === shown) {
      render(mount.view(page, profiles), root);
      return;
    }
    render(null, root);
    page?.[Symbol.dispose]();
    shown = generation;
    const active = profiles.list.find((p) => p.id === profiles.active) ?? null;
    // Only the first context, and only for the profile and epoch the view was checked against.
    const first = firstView && generation === `${firstView.profileId}#${firstView.epoch}` ? firstView : null;
    firstView = null;
    page = new PageContext({ send: createSend(active?.id ?? null), profileId: active?.id ?? '', first });
    document.documentElement.style.setProperty('--profile-color', active?.color ?? 'transparent');
    mount.started?.(page);
    render(mount.view(page, profiles), root);
  };
  // The stored profiles give the first view at once; the worker's answer (which also moves the
  // previous release's data into the first profile) confirms them, or the page renders anew.
  const early = mount.first ? null : send('listProfiles', {});
  const hint = mount.first ? mount.first.profiles : await readProfileHint().catch(() => null);
  if (hint) show(hint);
  // A page whose first view needs no worker asks it once that view is painted.
  if (!early && hint) await afterPaint();
  const confirmed = await (early ?? send('listProfiles', {}));
  if (confirmed.ok) show(confirmed.value);
  else if (!hint) show({ active: null, list: [] });
  // The stored item (and zod with it) loads after the first view, outside the popup's first bytes.
  const { activeProfile, profilesItem } = await import('../../lib/storage/profiles');
  profilesItem.watch((state) =>
    show({
      active: activeProfile(state)?.id ?? null,
      list: state.list.map(({ id, name, color, epoch }) => ({ id, name, color, epoch })),
    }),
  );
}
