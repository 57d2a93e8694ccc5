/** The dashboard tab last chosen (Building or Slots), per view: the popup, the side panel, the full tab. */
import { z } from '../zod';
import { dashboardTabKey, type DashboardView } from './page-keys';
import { singleItem } from './registry';
import type { StoredItem } from './stored-item';

export const DashboardTab = z.enum(['building', 'slots', 'portfolio']);
export type DashboardTab = z.infer<typeof DashboardTab>;

const declare = (view: DashboardView) =>
  singleItem('local', dashboardTabKey(view), DashboardTab, {
    version: 1,
    migrations: { 1: (v) => v },
    signOut: 'kept',
    bound: { boundedBy: 'one tab name per view' },
    fallback: () => 'building' as const,
  });

/** One item per view, so the side panel can stay on Slots while the popup opens on Building. */
const items: Record<DashboardView, StoredItem<DashboardTab>> = {
  popup: declare('popup'),
  sidepanel: declare('sidepanel'),
  dashboard: declare('dashboard'),
};

export const dashboardTabItem = (view: DashboardView): StoredItem<DashboardTab> => items[view];
