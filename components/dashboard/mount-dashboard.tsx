/** Mounts the dashboard on a page (popup, full tab, side panel): one store per page context. */
import type { MessageKey } from '../../lib/i18n';
import type { DashboardView } from '../../lib/storage/page-keys';
import { type FirstRead, readFirstView } from '../../lib/storage/first-view-read';
import { afterPaint } from '../after-paint';
import type { PageContext } from '../page/context';
import { mountPage } from '../page/mount';
import { ProfileSwitcher } from '../profile/ProfileSwitcher';
import { DashboardApp, type DashboardAppProps } from './DashboardApp';
import { HeaderActions, openSettings } from './HeaderActions';
import { type DashboardStore, createDashboardStore } from './dashboard-store';

export interface DashboardPage {
  /** Which view this is: each remembers its own tab. */
  view: DashboardView;
  titleKey: MessageKey;
  layout: DashboardAppProps['layout'];
  slotsLayout: DashboardAppProps['slotsLayout'];
  /** Where else the dashboard may be opened from this page. */
  offer: { tab?: boolean; sidePanel?: boolean };
  /** The popup closes itself after opening another view. */
  isPopup: boolean;
}

/**
 * `first`, when the page read it (lib/storage/first-view-read.ts), gives the first store its first
 * view and tab at once; that store starts (zod, messages, lazy chunks) once the view is painted.
 */
export function mountDashboard(root: HTMLElement, dashboard: DashboardPage, first?: FirstRead): void {
  const stores = new WeakMap<PageContext, DashboardStore>();
  let previous: DashboardStore | null = null;
  let firstTab = first?.tab ?? null;
  void mountPage(root, {
    titleKey: dashboard.titleKey,
    ...(first ? { first: { profiles: first.profiles, view: first.firstView } } : {}),
    // One store per profile and epoch: a switch or a sign-out starts from nothing.
    started(page) {
      previous?.dispose();
      const store = createDashboardStore({ page, view: dashboard.view, firstTab });
      firstTab = null;
      previous = store;
      stores.set(page, store);
      if (page.first)
        void afterPaint().then(() => {
          if (previous === store) void store.start();
        });
      else void store.start();
    },
    view(page, profiles) {
      const store = stores.get(page) as DashboardStore;
      return (
        <DashboardApp
          store={store}
          layout={dashboard.layout}
          slotsLayout={dashboard.slotsLayout}
          onOpenSettings={() => openSettings(dashboard.isPopup)}
          headerActions={
            <>
              <ProfileSwitcher state={profiles} />
              <HeaderActions
                onRefresh={store.refresh}
                offer={dashboard.offer}
                closeAfterOpening={dashboard.isPopup}
              />
            </>
          }
        />
      );
    },
  });
}

/** A dashboard page's wiring: one storage read (profiles, the worker's first view, the tab), then the mount into #app. */
export function openDashboardPage(dashboard: DashboardPage): Promise<void> {
  return readFirstView(dashboard.view)
    .catch(() => undefined)
    .then((first) => mountDashboard(document.getElementById('app') as HTMLElement, dashboard, first));
}
