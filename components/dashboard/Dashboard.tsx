/**
 * The building dashboard as one view for the popup, the dashboard tab and the side panel: picker,
 * then the tabs "Building" (details, then rooms, tenants, bank accounts) and "Slots". What it shows
 * and does it reads from the page's store; the page gives it its lazy parts.
 */
import type { ComponentChildren } from 'preact';
import { t } from '../../lib/i18n';
import type { DashboardShown } from './dashboard-store';
import { BuildingPicker } from './BuildingPicker';
import { DetailsCard } from './DetailsCard';
import { PageHeader } from './PageHeader';
import { Section } from './Section';
import { Tabs } from './Tabs';
import { LazyRateLimitNotice } from '../LazyRateLimitNotice';

export interface DashboardProps {
  /** What is shown and what a choice does: the page's dashboard store. */
  store: DashboardShown;
  layout: 'compact' | 'full';
  now: number;
  onOpenSettings: () => void;
  /** The Portfolio tab's content (the full tab only; loaded lazily by the page). */
  portfolio?: () => ComponentChildren;
  /** The portfolio in one line above the picker (popup and side panel). */
  summary?: ComponentChildren;
  /** Rooms, tenants and bank accounts, below the details (loaded lazily by the page). */
  moreSections: (props: DashboardProps) => ComponentChildren;
  /** The Slots tab's content (loaded lazily by the page). */
  slots: () => ComponentChildren;
  /** Buttons for the header: settings, open in a tab or the side panel. */
  headerActions?: ComponentChildren;
}

export function Dashboard(props: DashboardProps) {
  const { store, now, onOpenSettings } = props;
  const common = { now, onOpenSettings };
  const tab = store.tab.value;
  const selectedId = store.shownId.value;
  const onPortfolio = tab === 'portfolio' && props.portfolio !== undefined;
  const factoryId = store.factoryId.value;

  return (
    <main class={`dashboard dashboard--${props.layout}`}>
      <PageHeader layout={props.layout}>{props.headerActions}</PageHeader>
      <LazyRateLimitNotice />
      {props.summary}
      {/* The one picker of the page, for every tab but the portfolio's (all buildings at once). */}
      {!onPortfolio && (
        <BuildingPicker
          state={store.buildings.value}
          selectedId={selectedId}
          onSelect={store.select}
          onRetry={store.retryBuildings}
          onOpenSettings={onOpenSettings}
          factories={store.factories.value}
          factoryId={factoryId}
          onSelectFactory={store.chooseFactory}
          onRemoveFactory={store.removeFactory}
        />
      )}
      {(selectedId !== null || props.portfolio) && (
        <Tabs
          label={t('tabs_label')}
          tabs={[
            { key: 'building', label: t('tab_building') },
            { key: 'slots', label: t('tab_slots') },
            ...(props.portfolio ? [{ key: 'portfolio' as const, label: t('tab_portfolio') }] : []),
          ]}
          active={tab === 'portfolio' && !props.portfolio ? 'building' : tab}
          onChange={store.chooseTab}
        >
          {onPortfolio && props.portfolio ? (
            props.portfolio()
          ) : tab === 'slots' ? (
            props.slots()
          ) : factoryId !== null ? (
            <div class="note">
              <p>{t('factory_slotsOnly')}</p>
              <button type="button" class="button" onClick={() => store.chooseTab('slots')}>
                {t('tab_slots')}
              </button>
            </div>
          ) : (
            <div class="sections">
              <Section
                title={t('section_details')}
                state={store.sections.details.value}
                onRetry={() => store.retry('details')}
                skeletonRows={4}
                {...common}
              >
                {(building) => <DetailsCard building={building} />}
              </Section>
              {props.moreSections(props)}
            </div>
          )}
        </Tabs>
      )}
    </main>
  );
}
