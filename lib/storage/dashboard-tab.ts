/** The dashboard tab last chosen (Building or Slots), per view: the popup, the side panel, the full tab. */
import { z } from '../zod';
import { dashboardTabKey, type DashboardView } from './page-keys';
import { type StoredItem, storedItem } from './stored-item';

export const DashboardTab = z.enum(['building', 'slots', 'portfolio']);
export type DashboardTab = z.infer<typeof DashboardTab>;

export type { DashboardView };

const items = new Map<DashboardView, StoredItem<DashboardTab>>();

/** One item per view, so the side panel can stay on Slots while the popup opens on Building. */
export function dashboardTabItem(view: DashboardView): StoredItem<DashboardTab> {
  let item = items.get(view);
  if (!item) {
    item = storedItem('local', dashboardTabKey(view), DashboardTab, {
      version: 1,
      migrations: { 1: (v) => v },
      fallback: () => 'building' as const,
    });
    items.set(view, item);
  }
  return item;
}
