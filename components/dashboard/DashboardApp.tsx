/** Binds the dashboard view to a store's signals: each page (popup, tab, side panel) renders this. */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { DashboardStore } from './store';
import { Dashboard } from './Dashboard';
import { LazySlots } from './LazySlots';

export interface DashboardAppProps {
  store: DashboardStore;
  layout: 'compact' | 'full';
  slotsLayout: 'compact' | 'full';
  onOpenSettings: () => void;
  headerActions?: ComponentChildren;
}

/** Ages ("updated 3 minutes ago") stay true while the page is open. */
function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function DashboardApp({
  store,
  layout,
  slotsLayout,
  onOpenSettings,
  headerActions,
}: DashboardAppProps) {
  const now = useNow();
  const { sections } = store;
  return (
    <Dashboard
      layout={layout}
      now={Math.max(now, Date.now())}
      premium={store.settings.value?.premium ?? null}
      buildings={store.buildings.value}
      selectedId={store.selectedId.value}
      details={sections.details.value}
      rooms={sections.rooms.value}
      tenants={sections.tenants.value}
      accounts={sections.accounts.value}
      transactions={store.transactions.value}
      onSelect={store.select}
      onRetry={store.retry}
      onRetryBuildings={store.retryBuildings}
      onOpenSettings={onOpenSettings}
      onOpenAccount={store.openAccount}
      onPageTransactions={store.pageTransactions}
      tab={store.tab.value}
      onTabChange={store.chooseTab}
      slots={() => <LazySlots layout={slotsLayout} shared={store.workspaceContext} />}
      headerActions={headerActions}
    />
  );
}
