/**
 * The popup's first view, kept by the worker: exactly what the dashboard renders first (the active
 * profile and its epoch, the current target, the building list, the shown building's details),
 * each part with the time it was read, composed from validated stored answers. A page reads it
 * in one storage read, checked by hand (first-view-read.ts), before zod or the worker are there.
 *
 * One item, not a family: a page must name its key before it knows the active profile. It belongs
 * to the profile it names and goes with that profile's cached answers (sign-out, account change,
 * eviction, clearing); composes and removals run one at a time, so none writes back what a
 * removal took.
 */
import { Building, BuildingListEntry, Target } from '../api/schemas';
import { z } from '../zod';
import { serialQueue } from '../serial';
import { onCacheEvicted, readCached } from './cache';
import { currentTargetFamily } from './current-target';
import { FIRST_VIEW_KEY, LIST_ENTRY_TEXTS, shownBuilding } from './page-keys';
import { withRememberedLabels } from './labels';
import { ProfileId, profilesItem } from './profiles';
import { area } from './area';
import { singleItem } from './registry';
import { envelope } from './stored-item';

const ReadAt = z.number().check(z.nonnegative());

const texts = Object.fromEntries(LIST_ENTRY_TEXTS.map((field) => [field, z.optional(z.string())]));
/** The fields of a list entry the picker shows. */
const ListEntryView = z.object({
  id: z.string(),
  ...(texts as Record<(typeof LIST_ENTRY_TEXTS)[number], z.ZodMiniOptional<z.ZodMiniString>>),
});

/** The details card shows every field of a building: the first view keeps the whole answer. */
const DetailsView = Building;

export const FirstView = z.object({
  profileId: ProfileId,
  epoch: z.int().check(z.nonnegative()),
  target: z.nullable(Target),
  buildings: z.object({ value: z.array(ListEntryView), savedAt: ReadAt }),
  /** The building shown (the current one when listed, else the first) and its cached details. */
  details: z.nullable(z.object({ buildingId: z.string(), value: DetailsView, savedAt: ReadAt })),
});
export type FirstView = z.infer<typeof FirstView>;

export const firstViewItem = singleItem('local', FIRST_VIEW_KEY, z.nullable(FirstView), {
  version: 1,
  // dropFirstView removes the signed-out profile's view.
  signOut: 'profileEntry',
  bound: { boundedBy: 'one view of the active profile' },
  fallback: () => null,
});

const keep = <T extends object>(value: T, fields: readonly (keyof T)[]) =>
  Object.fromEntries(fields.filter((f) => value[f] !== undefined).map((f) => [f, value[f]]));

/** The active profile's first view from its stored answers; null when it has no building list. */
export async function composeFirstView(): Promise<FirstView | null> {
  const state = await profilesItem.get();
  const profile = state.list.find((p) => p.id === state.active);
  if (!profile) return null;
  const buildings = await readCached(profile.id, ['buildings'], z.array(BuildingListEntry));
  if (!buildings) return null;
  const target = (await currentTargetFamily.get(profile.id)) ?? null;
  const list = await withRememberedLabels(profile.id, buildings.value);
  const shownId = shownBuilding(target, list);
  const details = shownId ? await readCached(profile.id, ['details', shownId], Building) : null;
  return FirstView.parse({
    profileId: profile.id,
    epoch: profile.epoch,
    target,
    buildings: { savedAt: buildings.savedAt, value: list.map((b) => keep(b, ['id', ...LIST_ENTRY_TEXTS])) },
    details:
      shownId && details
        ? { buildingId: shownId, savedAt: details.savedAt, value: DetailsView.parse(details.value) }
        : null,
  });
}

/** Runs `work` after every compose or removal before it, and before any after it. */
export const withFirstView: <T>(work: () => Promise<T>) => Promise<T> = serialQueue();

/**
 * Writes the active profile's first view anew (or removes it when there is nothing to show); an
 * unchanged view is not written again, so open pages see no storage change for it.
 */
export function refreshFirstView(): Promise<void> {
  return withFirstView(async () => {
    const view = await composeFirstView().catch(() => null);
    const stored = (await area('local').get(FIRST_VIEW_KEY))[FIRST_VIEW_KEY];
    if (!view) {
      if (stored !== undefined) await firstViewItem.remove();
    } else if (JSON.stringify(stored) !== JSON.stringify(envelope(1, view))) await firstViewItem.set(view);
  }).catch(() => undefined); // a full storage only costs the instant popup
}

// An answer it shows may be among those a cache write evicted: composed anew from what is left.
onCacheEvicted(() => void refreshFirstView());

/** Removes the item when it belongs to `profileId`; call inside `withFirstView` with the removal of its data. */
export async function dropFirstView(profileId: string): Promise<void> {
  const raw = (await area('local').get(FIRST_VIEW_KEY))[FIRST_VIEW_KEY] as {
    value?: { profileId?: unknown };
  };
  if (raw?.value?.profileId === profileId || raw?.value?.profileId === undefined)
    await firstViewItem.remove();
}

/** The item's size when it belongs to `profileId` (UTF-16 code units of key + JSON), for "Stored data". */
export async function firstViewUsage(profileId: string): Promise<{ count: number; bytes: number } | null> {
  const raw = (await area('local').get(FIRST_VIEW_KEY))[FIRST_VIEW_KEY] as {
    value?: { profileId?: unknown };
  };
  if (raw?.value?.profileId !== profileId) return null;
  return { count: 1, bytes: FIRST_VIEW_KEY.length + JSON.stringify(raw).length };
}
