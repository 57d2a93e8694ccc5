/**
 * Renders a page for the active profile and renders it anew, from nothing, when another profile
 * becomes active or the active one is signed out or changes account (a new epoch): the old tree
 * (and its store) is dropped first, so nothing of the other account is shown at any moment.
 */
import { type VNode, render } from 'preact';
import { bindProfile, send } from '../../lib/messaging/client';
import { type ProfileHint, readProfileHint } from '../../lib/storage/profile-hint';
import { afterPaint } from '../after-paint';

/** What a page needs of the profiles: which is active, and each one's name and colour. */
export interface ProfileState {
  active: string | null;
  list: { id: string; name: string; color: string; epoch: number }[];
  /** The active profile and its epoch: a page's stores belong to one generation. */
  generation: string | null;
}

type Profiles = Omit<ProfileState, 'generation'>;

function generationOf(state: Profiles): string | null {
  const active = state.list.find((p) => p.id === state.active);
  return active ? `${active.id}#${active.epoch}` : null;
}

export async function mountForProfile(
  root: HTMLElement,
  view: (state: ProfileState) => VNode,
  /** The stored profiles when the page has read them already (the popup's one first read). */
  read?: ProfileHint | null,
): Promise<void> {
  let shown: string | null | undefined;
  const show = (profiles: Profiles) => {
    const state = { ...profiles, generation: generationOf(profiles) };
    if (state.generation === shown) {
      render(view(state), root);
      return;
    }
    render(null, root);
    shown = state.generation;
    const active = state.list.find((p) => p.id === state.active) ?? null;
    bindProfile(active?.id ?? null);
    document.documentElement.style.setProperty('--profile-color', active?.color ?? 'transparent');
    render(view(state), root);
  };
  // The stored profiles give the first view at once; the worker's answer (which also moves the
  // previous release's data into the first profile) confirms them, or the page renders anew.
  const early = read === undefined ? send('listProfiles', {}) : null;
  const hint = read === undefined ? await readProfileHint().catch(() => null) : read;
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
