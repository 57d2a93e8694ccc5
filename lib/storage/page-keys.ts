/**
 * The keys a page reads before zod is loaded (lib/storage/first-view-read.ts) and the first view's
 * rules: declared here once, zod-free, and used by the items that own them (profiles.ts,
 * first-view.ts, dashboard-tab.ts) and by the dashboard's store.
 */
import type { Target } from '../api/schemas';

/** The pages that keep a dashboard tab of their own. */
export type DashboardView = 'popup' | 'sidepanel' | 'dashboard';

export const PROFILES_KEY = 'profiles';
export const FIRST_VIEW_KEY = 'firstView';
export const dashboardTabKey = (view: DashboardView) => `dashboard.tab.${view}`;

/** The fields of a list entry the picker shows, beside its id (each an optional string). */
export const LIST_ENTRY_TEXTS = ['hash', 'label', 'name', 'address', 'area'] as const;

/**
 * The building the dashboard shows: the current target when it is a listed building (any building
 * while the list is not known), else the one shown before when listed, else the first.
 */
export function shownBuilding(
  target: Target | null,
  list: readonly { id: string }[] | null,
  before: string | null = null,
): string | null {
  const listed = (id: string | null) => id !== null && (!list || list.some((b) => b.id === id));
  if (target?.kind === 'building' && listed(target.id)) return target.id;
  return listed(before) ? before : (list?.[0]?.id ?? null);
}
