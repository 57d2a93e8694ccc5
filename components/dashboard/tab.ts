/** The dashboard tab shown (Building or Slots), remembered per view: each page reopens its own. */
import { signal } from '@preact/signals';
import type { DashboardTab, DashboardView } from '../../lib/storage/dashboard-tab';

/** `initial`: the tab the page's first read found (lib/storage/first-view-read.ts), shown at once. */
export function createTab(view: DashboardView | undefined, initial: DashboardTab | null = null) {
  const tab = signal<DashboardTab>(initial ?? 'building');
  let chosen = false;
  /** The stored item (and zod with it) loads after the first render. */
  const item = () =>
    import('../../lib/storage/dashboard-tab').then((module) => module.dashboardTabItem(view!));
  return {
    tab,
    /** Shows the tab this view showed last (without a view, Building every time). */
    load(): void {
      if (!view) return;
      // The popup's portfolio summary opens the full tab on the portfolio.
      if (view === 'dashboard' && globalThis.location?.hash === '#portfolio') {
        chosen = true;
        tab.value = 'portfolio';
        return;
      }
      void item()
        .then((stored) => stored.get())
        .then(
          (stored) => {
            if (!chosen) tab.value = stored;
          },
          () => undefined,
        );
    },
    /** Shows the Building, Slots or Portfolio tab, and reopens it next time. */
    choose(next: DashboardTab): void {
      chosen = true;
      tab.value = next;
      if (view)
        void item()
          .then((stored) => stored.set(next))
          .catch(() => undefined);
    },
  };
}
