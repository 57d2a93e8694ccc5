/** Mounts the dashboard on a page (popup, full tab, side panel): one store, one view, per-page options. */
import { render } from 'preact';
import type { MessageKey } from '../../lib/i18n';
import { localizeDocument } from '../../lib/i18n';
import { send } from '../../lib/messaging/client';
import type { DashboardView } from '../../lib/storage/dashboard-tab';
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
  const store = createDashboardStore({ send, view: page.view });
  void store.start();
  render(
    <DashboardApp
      store={store}
      layout={page.layout}
      slotsLayout={page.slotsLayout}
      onOpenSettings={() => openSettings(page.isPopup)}
      headerActions={
        <HeaderActions onRefresh={store.refresh} offer={page.offer} closeAfterOpening={page.isPopup} />
      }
    />,
    root,
  );
}
