/** Mounts the dashboard on a page (popup, full tab, side panel): one store per page context, owned by its view. */
import { useModel } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { MessageKey } from '../../lib/i18n';
import type { DashboardTab } from '../../lib/storage/dashboard-tab';
import type { DashboardView } from '../../lib/storage/page-keys';
import { type FirstRead, readFirstView } from '../../lib/storage/first-view-read';
import type { PageContext } from '../page/context';
import { type ProfileState, mountPage } from '../page/mount';
import { ProfileSwitcher } from '../profile/ProfileSwitcher';
import { DashboardApp, type DashboardAppProps } from './DashboardApp';
import { DASHBOARD_PLACES, HeaderActions, openSettings } from './HeaderActions';
import { DashboardStore } from './dashboard-store';

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

interface DashboardPageProps {
  page: PageContext;
  profiles: ProfileState;
  dashboard: DashboardPage;
  /** The remembered tab as the page's first read found it: for the first store only. */
  firstTab: DashboardTab | null;
}

/**
 * One store per page context (a profile and epoch), made and disposed with the view. Without a
 * first view it starts before the first render; with one, once that is painted (an effect runs
 * after the paint): zod, the messages and the lazy chunks wait for it.
 */
function DashboardPageView({ page, profiles, dashboard, firstTab }: DashboardPageProps) {
  const store = useModel(() => {
    const made = new DashboardStore({ page, view: dashboard.view, firstTab });
    if (!page.first) void made.start();
    return made;
  });
  useEffect(() => {
    if (page.first) void store.start();
  }, []);
  const { isPopup } = dashboard;
  return (
    <DashboardApp
      page={page}
      store={store}
      layout={dashboard.layout}
      slotsLayout={dashboard.slotsLayout}
      onOpenSettings={() => openSettings(isPopup)}
      closeAfterOpening={isPopup}
      headerActions={
        <>
          <ProfileSwitcher state={profiles} />
          <HeaderActions
            onRefresh={store.refresh}
            offer={dashboard.offer}
            closeAfterOpening={isPopup}
            places={DASHBOARD_PLACES}
            inPlace={dashboard.view === 'dashboard'}
          />
        </>
      }
    />
  );
}

/**
 * `first`, when the page read it (lib/storage/first-view-read.ts), gives the first store its first
 * view and tab at once.
 */
export function mountDashboard(root: HTMLElement, dashboard: DashboardPage, first?: FirstRead): void {
  let firstTab = first?.tab ?? null;
  void mountPage(root, {
    titleKey: dashboard.titleKey,
    ...(first ? { first: { profiles: first.profiles, view: first.firstView } } : {}),
    // The first call makes the first store, the one that takes the remembered tab.
    view(page, profiles) {
      const tab = firstTab;
      firstTab = null;
      return <DashboardPageView page={page} profiles={profiles} dashboard={dashboard} firstTab={tab} />;
    },
  });
}

/** A dashboard page's wiring: one storage read (profiles, the worker's first view, the tab), then the mount into #app. */
export function openDashboardPage(dashboard: DashboardPage): Promise<void> {
  return readFirstView(dashboard.view)
    .catch(() => undefined)
    .then((first) => mountDashboard(document.getElementById('app') as HTMLElement, dashboard, first));
}
