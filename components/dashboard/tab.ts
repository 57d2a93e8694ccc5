/** The dashboard tab shown (Building or Slots), remembered per view: each page reopens its own. */
import { createModel, signal } from '@preact/signals';
import type { DashboardTab } from '../../lib/storage/dashboard-tab';
import type { DashboardView } from '../../lib/storage/page-keys';

/** `initial`: the tab the page's first read found (lib/storage/first-view-read.ts), shown at once. */
export const Tab = createModel((view: DashboardView | undefined, initial: DashboardTab | null = null) => {
  const tab = signal<DashboardTab>(initial ?? 'building');
  let chosen = false;
  /** The stored item (and zod with it) loads after the first render, once, so a choice is written at once. */
  let item: ReturnType<typeof loadItem> | null = null;
  const loadItem = (of: DashboardView) =>
    import('../../lib/storage/dashboard-tab').then((module) => module.dashboardTabItem(of));
  const stored = () => (view ? (item ??= loadItem(view)) : null);
  return {
    tab,
    /** Shows the tab this view showed last (without a view, Building every time). */
    load(): void {
      // The popup's portfolio summary opens the full tab on the portfolio.
      if (view === 'dashboard' && globalThis.location?.hash === '#portfolio') {
        chosen = true;
        tab.value = 'portfolio';
        return;
      }
      void stored()
        ?.then((it) => it.get())
        .then(
          (last) => {
            if (!chosen) tab.value = last;
          },
          () => undefined,
        );
    },
    /** Shows the Building, Slots or Portfolio tab, and reopens it next time. */
    choose(next: DashboardTab): void {
      chosen = true;
      tab.value = next;
      void stored()
        ?.then((it) => it.set(next))
        .catch(() => undefined);
    },
  };
});
