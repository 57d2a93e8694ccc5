/** Mounts the dashboard on a page (popup, full tab, side panel): one store, one view, per-page options. */
import type { MessageKey } from '../../lib/i18n';
import { localizeDocument } from '../../lib/i18n';
import { send } from '../../lib/messaging/client';
import type { DashboardView } from '../../lib/storage/dashboard-tab';
import type { FirstRead } from '../../lib/storage/first-view-read';
import { afterPaint } from '../after-paint';
import { mountForProfile } from '../profile/mount';
import { ProfileSwitcher } from '../profile/ProfileSwitcher';
import { DashboardApp, type DashboardAppProps } from './DashboardApp';
import { HeaderActions, openSettings } from './HeaderActions';
import { type FirstSeed, createDashboardStore } from './store';

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
 * view at once; that store starts (zod, messages, lazy chunks) once the view is painted.
 */
export function mountDashboard(root: HTMLElement, page: DashboardPage, first?: FirstRead): void {
  localizeDocument(page.titleKey);
  let store: ReturnType<typeof createDashboardStore> | null = null;
  let storeGeneration: string | null = null;
  let seed: FirstSeed | null = first ? { view: first.firstView, tab: first.tab } : null;
  void mountForProfile(
    root,
    (state) => {
      // One store per profile and epoch: a switch or a sign-out starts from nothing.
      if (!store || storeGeneration !== state.generation) {
        storeGeneration = state.generation;
        store?.dispose();
        // Only the first store, and only for the profile and epoch the item was checked against.
        const view = seed?.view;
        const own = !view || state.generation === `${view.profileId}#${view.epoch}`;
        const firstSeed = seed && own ? seed : undefined;
        seed = null;
        const created = createDashboardStore({
          send,
          profileId: state.active ?? '',
          view: page.view,
          ...(firstSeed ? { first: firstSeed } : {}),
        });
        store = created;
        if (firstSeed?.view)
          void afterPaint().then(() => {
            if (store === created) void created.start();
          });
        else void created.start();
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
              <HeaderActions
                onRefresh={current.refresh}
                offer={page.offer}
                closeAfterOpening={page.isPopup}
              />
            </>
          }
        />
      );
    },
    first ? first.profiles : undefined,
  );
}
