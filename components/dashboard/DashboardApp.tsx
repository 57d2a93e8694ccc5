/** The dashboard as each page (popup, tab, side panel) renders it: its store, and its parts loaded later. */
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
  const now = Math.max(useNow(), Date.now());
  const lazyParts =
    layout === 'full'
      ? { portfolio: () => <LazyPortfolio page={page} now={now} onOpen={store.openBuilding} /> }
      : { summary: <LazySummary page={page} closeAfterOpening={closeAfterOpening} /> };
  return (
    <Dashboard
      store={store}
      layout={layout}
      now={now}
      onOpenSettings={onOpenSettings}
      moreSections={(props) => <LazyMoreSections {...props} />}
      slots={() => <LazySlots layout={slotsLayout} page={page} />}
      {...lazyParts}
      headerActions={headerActions}
    />
  );
}
