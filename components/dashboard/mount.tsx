/** Mounts the dashboard on a page (popup, full tab, side panel): one store, one view, per-page options. */
import { render } from 'preact';
import type { MessageKey } from '../../lib/i18n';
import { localizeDocument } from '../../lib/i18n';
import { createDashboardStore } from './store';
import { send } from '../../lib/messaging/client';
import { DashboardApp, type DashboardAppProps } from './DashboardApp';
import { HeaderActions, openSettings } from './HeaderActions';

export interface DashboardPage {
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
  const store = createDashboardStore({ send });
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
