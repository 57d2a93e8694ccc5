/**
 * A dashboard page's first read: the profiles, the worker's first-view item (first-view.ts) and the
 * page's remembered tab in ONE storage read, each checked by hand, without zod. The item counts
 * only when it names the active profile and its current epoch: a signed-out or switched account's
 * item is ignored, never shown. Zod and the worker check everything again after the first paint.
 */
import type { DashboardTab } from './dashboard-tab';
import type { FirstView } from './first-view';
import {
  type DashboardView,
  FIRST_VIEW_KEY,
  LIST_ENTRY_TEXTS,
  PROFILES_KEY,
  dashboardTabKey,
} from './page-keys';
import { type ProfileHint, isRecord, profileHintOf } from './profile-hint';
import { nativeBrowser } from '../native-browser';

export interface FirstRead {
  profiles: ProfileHint | null;
  /** The first view of the active profile in its current epoch, else null. */
  firstView: FirstView | null;
  /** The remembered tab, null when none (or an unreadable one) is stored. */
  tab: DashboardTab | null;
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown) => Number.isInteger(value) && (value as number) >= 0;
const isReadAt = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const optionalStrings = (value: Record<string, unknown>, fields: readonly string[]) =>
  fields.every((f) => value[f] === undefined || isString(value[f]));

const isTarget = (value: unknown) =>
  value === null ||
  (isRecord(value) &&
    (value.kind === 'building' || value.kind === 'factory') &&
    isString(value.id) &&
    value.id.trim() !== '');

const isListEntry = (value: unknown) =>
  isRecord(value) && isString(value.id) && optionalStrings(value, LIST_ENTRY_TEXTS);

const isDetails = (value: unknown) =>
  isRecord(value) &&
  ['id', 'hash', 'label', 'address', 'area'].every((f) => isString(value[f])) &&
  ['garageSlots', 'totalRooms', 'occupiedRooms', 'freeRooms'].every((f) => Number.isInteger(value[f])) &&
  typeof value.price === 'number' &&
  Number.isFinite(value.price);

/** The first view in a raw stored value, when its shape holds and it belongs to `profiles`' active one. */
export function firstViewOf(stored: unknown, profiles: ProfileHint | null): FirstView | null {
  const view = isRecord(stored) && stored.v === 1 && isRecord(stored.value) ? stored.value : null;
  const active = profiles?.list.find((p) => p.id === profiles.active);
  if (!view || !active || view.profileId !== active.id || view.epoch !== active.epoch) return null;
  const { buildings, details, target } = view;
  if (!isTarget(target) || !isRecord(buildings) || !isReadAt(buildings.savedAt)) return null;
  if (!Array.isArray(buildings.value) || !buildings.value.every(isListEntry)) return null;
  if (details !== null) {
    if (!isRecord(details) || !isReadAt(details.savedAt) || !isDetails(details.value)) return null;
    const listed = buildings.value.some((b: { id: string }) => b.id === details.buildingId);
    if (!listed || (details.value as { id: string }).id !== details.buildingId) return null;
  }
  return isCount(view.epoch) ? (view as FirstView) : null;
}

const tabOf = (stored: unknown): DashboardTab | null =>
  isRecord(stored) && stored.v === 1 && (stored.value === 'building' || stored.value === 'slots')
    ? stored.value
    : null;

/** One storage read for everything the first render of `view` needs. */
export async function readFirstView(view: DashboardView): Promise<FirstRead> {
  const tabKey = dashboardTabKey(view);
  const stored = await nativeBrowser().storage.local.get([PROFILES_KEY, FIRST_VIEW_KEY, tabKey]);
  const profiles = profileHintOf(stored[PROFILES_KEY]);
  return { profiles, firstView: firstViewOf(stored[FIRST_VIEW_KEY], profiles), tab: tabOf(stored[tabKey]) };
}
