/** Mounts the dashboard on a page (popup, full tab, side panel): one store per page context. */
import type { MessageKey } from '../../lib/i18n';
import type { DashboardView } from '../../lib/storage/dashboard-tab';
import type { PageContext } from '../page/context';
import { mountPage } from '../page/mount';
import { ProfileSwitcher } from '../profile/ProfileSwitcher';
import { DashboardApp, type DashboardAppProps } from './DashboardApp';
import { HeaderActions, openSettings } from './HeaderActions';
import { type DashboardStore, createDashboardStore } from './store';

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

export function mountDashboard(root: HTMLElement, dashboard: DashboardPage): void {
  const stores = new WeakMap<PageContext, DashboardStore>();
  let previous: DashboardStore | null = null;
  void mountPage(root, {
    titleKey: dashboard.titleKey,
    // One store per profile and epoch: a switch or a sign-out starts from nothing.
    started(page) {
      previous?.dispose();
      previous = createDashboardStore({ page, view: dashboard.view });
      stores.set(page, previous);
      void previous.start();
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
