/** Popup wiring: the dashboard in compact layout, its state in a store of signals. */
import { DashboardApp } from '../../components/dashboard/DashboardApp';
import { HeaderActions, openSettings } from '../../components/dashboard/HeaderActions';
import { createDashboardStore } from '../../lib/cache/store';
import { send } from '../../lib/messaging/client';

const store = createDashboardStore({ send });
void store.start();

export function App() {
  return (
    <DashboardApp
      store={store}
      layout="compact"
      slotsLayout="compact"
      onOpenSettings={() => openSettings(true)}
      headerActions={
        <HeaderActions onRefresh={store.refresh} offer={{ tab: true, sidePanel: true }} closeAfterOpening />
      }
    />
  );
}
