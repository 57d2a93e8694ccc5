/** Binds the dashboard view to a store's signals: each page (popup, tab, side panel) renders this. */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { PageContext } from '../page/context';
import type { DashboardStore } from './dashboard-store';
import { Dashboard } from './Dashboard';
import { LazySlots } from './LazySlots';
import { lazyView } from '../lazy-view';
import { withLateStyles } from './late-styles';
import { LazySummary } from '../portfolio/LazySummary';

/** Below the fold: loaded after the first view, so the popup's first bytes hold only the details. */
const LazyMoreSections = lazyView(
  () => withLateStyles(() => import('./MoreSections')).then((module) => module.MoreSections),
  'sections_loading',
);

/** The portfolio tab of the full dashboard, loaded when it is shown. */
const LazyPortfolio = lazyView(
  () => withLateStyles(() => import('../portfolio/PortfolioView')).then((module) => module.PortfolioView),
  'sections_loading',
);

export interface DashboardAppProps {
  /** The page context the store sits on, shared with the Slots and Portfolio tabs. */
  page: PageContext;
  store: DashboardStore;
  layout: 'compact' | 'full';
  slotsLayout: 'compact' | 'full';
  onOpenSettings: () => void;
  /** The popup closes itself after opening another view. */
  closeAfterOpening: boolean;
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
  page,
  store,
  layout,
  slotsLayout,
  onOpenSettings,
  closeAfterOpening,
  headerActions,
}: DashboardAppProps) {
  const now = useNow();
  const { sections } = store;
  const current = page.current.target.value;
  return (
    <Dashboard
      layout={layout}
      now={Math.max(now, Date.now())}
      premium={store.settings.value?.premium ?? null}
      buildings={store.buildings.value}
      selectedId={store.shownId.value}
      factories={page.factories.all.value}
      factoryId={current?.kind === 'factory' ? current.id : null}
      onSelectFactory={(id) => {
        page.current.choose({ kind: 'factory', id });
        store.chooseTab('slots');
      }}
      onRemoveFactory={(id) => void page.factories.remove(id)}
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
      onExportTransactions={(bankId, label) =>
        import('./exports').then((module) => module.transactionsFile(page.send, bankId, label))
      }
      moreSections={(props) => <LazyMoreSections {...props} />}
      tab={store.tab.value}
      onTabChange={store.chooseTab}
      slots={() => <LazySlots layout={slotsLayout} page={page} />}
      {...(layout === 'full'
        ? {
            portfolio: () => (
              <LazyPortfolio
                page={page}
                now={Math.max(now, Date.now())}
                onOpen={(id) => {
                  store.select(id);
                  store.chooseTab('building');
                }}
              />
            ),
          }
        : { summary: <LazySummary page={page} closeAfterOpening={closeAfterOpening} /> })}
      headerActions={headerActions}
    />
  );
}
