/** The dashboard in a full tab: the popup's views with room to breathe, open while browsing. */
import { render } from 'preact';
import '../../components/theme.css';
import '../../components/dashboard/dashboard.css';
import { DashboardApp } from '../../components/dashboard/DashboardApp';
import { HeaderActions, openSettings } from '../../components/dashboard/HeaderActions';
import { createDashboardStore } from '../../lib/cache/store';
import { localizeDocument } from '../../lib/i18n';
import { send } from '../../lib/messaging/client';

localizeDocument('dashboard_title');
const store = createDashboardStore({ send });
void store.start();
render(
  <DashboardApp
    store={store}
    layout="full"
    slotsLayout="full"
    onOpenSettings={() => openSettings(false)}
    headerActions={
      <HeaderActions onRefresh={store.refresh} offer={{ sidePanel: true }} closeAfterOpening={false} />
    }
  />,
  document.getElementById('app') as HTMLElement,
);
