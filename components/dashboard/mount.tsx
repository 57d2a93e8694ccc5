/** Mounts the dashboard on a page (popup, full tab, side panel): one store, one view, per-page options. */
import type { MessageKey } from '../../lib/i18n';
import { localizeDocument } from '../../lib/i18n';
import { send } from '../../lib/messaging/client';
import type { DashboardView } from '../../lib/storage/dashboard-tab';
import { mountForProfile } from '../profile/mount';
import { ProfileSwitcher } from '../profile/ProfileSwitcher';
import { DashboardApp, type DashboardAppProps } from './DashboardApp';
import { HeaderActions, openSettings } from './HeaderActions';
import { createDashboardStore } from './store';

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

export function mountDashboard(root: HTMLElement, page: DashboardPage): void {
  localizeDocument(page.titleKey);
  let store: ReturnType<typeof createDashboardStore> | null = null;
  let storeGeneration: string | null = null;
  void mountForProfile(root, (state) => {
    // One store per profile and epoch: a switch or a sign-out starts from nothing.
    if (!store || storeGeneration !== state.generation) {
      storeGeneration = state.generation;
      store?.dispose();
      store = createDashboardStore({ send, profileId: state.active ?? '', view: page.view });
      void store.start();
    }
    const current = store;
    return (
      <DashboardApp
        store={current}
        layout={page.layout}
        slotsLayout={page.slotsLayout}
        onOpenSettings={() => openSettings(page.isPopup)}
        headerActions={
          <>
            <ProfileSwitcher state={state} />
            <HeaderActions onRefresh={current.refresh} offer={page.offer} closeAfterOpening={page.isPopup} />
          </>
        }
      />
    );
  });
}
