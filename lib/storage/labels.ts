/**
 * Building labels remembered per profile from details answers, so that a building list carrying
 * only `id` and `hash` (as the live service sends it) still names the buildings seen before.
 */
import type { BuildingListEntry } from '../api/schemas';
import { z } from '../zod';
import { profileFamily } from './registry';

export const labelsFamily = profileFamily('labels', z.record(z.string(), z.string()), {
  version: 1,
  signOut: 'removed',
  bound: { boundedBy: 'one entry: a label per building' },
});

const readLabels = async (profileId: string) => (await labelsFamily.get(profileId)) ?? {};

export async function rememberLabel(profileId: string, buildingId: string, label: string): Promise<void> {
  const labels = await readLabels(profileId);
  if (label.trim() === '' || labels[buildingId] === label) return;
  await labelsFamily.set({ ...labels, [buildingId]: label }, profileId);
}

/** Entries without a label get the remembered one; the rest stay as the server sent them. */
export async function withRememberedLabels(
  profileId: string,
  list: BuildingListEntry[],
): Promise<BuildingListEntry[]> {
  if (list.every((b) => b.label)) return list;
  const labels = await readLabels(profileId);
  return list.map((b) => {
    const label = labels[b.id];
    return b.label || label === undefined ? b : { ...b, label };
  });
}
