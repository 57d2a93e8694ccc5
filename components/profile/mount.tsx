/**
 * Renders a page for the active profile and renders it anew, from nothing, when another profile
 * becomes active: the old tree (and its store) is dropped first, so nothing of the other account is
 * shown at any moment.
 */
import { type VNode, render } from 'preact';
import { bindProfile, send } from '../../lib/messaging/client';

/** What a page needs of the profiles: which is active, and each one's name and colour. */
export interface ProfileState {
  active: string | null;
  list: { id: string; name: string; color: string }[];
}

export async function mountForProfile(
  root: HTMLElement,
  view: (state: ProfileState) => VNode,
): Promise<void> {
  let shown: string | null | undefined;
  const show = (state: ProfileState) => {
    const active = state.list.find((p) => p.id === state.active) ?? null;
    if (active?.id === shown) {
      render(view(state), root);
      return;
    }
    render(null, root);
    shown = active?.id ?? null;
    bindProfile(shown);
    document.documentElement.style.setProperty('--profile-color', active?.color ?? 'transparent');
    render(view(state), root);
  };
  // Asking the worker first lets it move the previous release's data into the first profile.
  const answer = await send('listProfiles', {});
  show(answer.ok ? answer.value : { active: null, list: [] });
  // The stored item (and zod with it) loads after the first view, outside the popup's first bytes.
  const { activeProfile, profilesItem } = await import('../../lib/storage/profiles');
  profilesItem.watch((state) => show({ active: activeProfile(state)?.id ?? null, list: state.list }));
}
