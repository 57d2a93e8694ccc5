/** The dashboard tab last chosen (Building or Slots), reopened in the popup and the side panel. */
import { z } from '../zod';
import { storedItem } from './stored-item';

export const DashboardTab = z.enum(['building', 'slots']);
export type DashboardTab = z.infer<typeof DashboardTab>;

export const dashboardTabItem = storedItem('local', 'dashboard.tab.v1', DashboardTab, () => 'building' as const);
