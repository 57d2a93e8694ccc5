/**
 * Building labels remembered from details answers, in the answer cache, so that a building list
 * carrying only `id` and `hash` (as the live service sends it) still names the buildings seen before.
 */
import type { BuildingListEntry } from '../api/schemas';
import { z } from '../zod';
import { cacheKey, readCached, writeCached } from './cache';

const KEY = cacheKey('labels');
const Labels = z.record(z.string(), z.string());

async function readLabels(): Promise<Record<string, string>> {
  return (await readCached(KEY, Labels))?.value ?? {};
}

export async function rememberLabel(buildingId: string, label: string): Promise<void> {
  const labels = await readLabels();
  if (label.trim() === '' || labels[buildingId] === label) return;
  await writeCached(KEY, { ...labels, [buildingId]: label }, Date.now());
}

/** Entries without a label get the remembered one; the rest stay as the server sent them. */
export async function withRememberedLabels(list: BuildingListEntry[]): Promise<BuildingListEntry[]> {
  if (list.every((b) => b.label)) return list;
  const labels = await readLabels();
  return list.map((b) => {
    const label = labels[b.id];
    return b.label || label === undefined ? b : { ...b, label };
  });
}
