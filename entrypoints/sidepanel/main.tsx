/** Chrome's side panel (Firefox: the sidebar): the dashboard beside the page, with the Slots tab. */
import { render } from 'preact';
import '../../components/theme.css';
import '../../components/dashboard/dashboard.css';
import { DashboardApp } from '../../components/dashboard/DashboardApp';
import { HeaderActions, openSettings } from '../../components/dashboard/HeaderActions';
import { createDashboardStore } from '../../lib/cache/store';
import { localizeDocument } from '../../lib/i18n';
import { send } from '../../lib/messaging/client';

localizeDocument('sidepanel_title');
const store = createDashboardStore({ send });
void store.start();
render(
  <DashboardApp
    store={store}
    layout="compact"
    slotsLayout="full"
    onOpenSettings={() => openSettings(false)}
    headerActions={
      <HeaderActions onRefresh={store.refresh} offer={{ tab: true }} closeAfterOpening={false} />
    }
  />,
  document.getElementById('app') as HTMLElement,
);
