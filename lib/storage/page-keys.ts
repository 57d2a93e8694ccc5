/**
 * The keys a page reads before zod is loaded (lib/storage/first-view-read.ts): declared here once,
 * zod-free, and used by the items that own them (profiles.ts, first-view.ts, dashboard-tab.ts).
 */
/** The pages that keep a dashboard tab of their own. */
export type DashboardView = 'popup' | 'sidepanel' | 'dashboard';

export const PROFILES_KEY = 'profiles';
export const FIRST_VIEW_KEY = 'firstView';
export const dashboardTabKey = (view: DashboardView) => `dashboard.tab.${view}`;
