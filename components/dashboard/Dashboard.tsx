/**
 * The building dashboard as one view for the popup, the dashboard tab and the side panel: picker,
 * then the tabs "Building" (details, then rooms, tenants, bank accounts) and "Slots". Everything it
 * shows arrives through props; it calls nothing but the callbacks it is given.
 */
import type { ComponentChildren } from 'preact';
import type { Building, BuildingListEntry, LooseRecord, Room, Tenant } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import type { Loadable } from '../../lib/loadable';
import type { SectionKey } from './sections';
import type { TransactionsState } from './transactions';
import { BuildingPicker } from './BuildingPicker';
import { DetailsCard } from './DetailsCard';
import { PageHeader } from './PageHeader';
import { Section } from './Section';
import { Tabs } from './Tabs';
import type { DashboardTab } from '../../lib/storage/dashboard-tab';
import type { KnownFactory } from '../../lib/factories/merge';
import { LazyRateLimitNotice } from '../LazyRateLimitNotice';

export interface DashboardProps {
  layout: 'compact' | 'full';
  now: number;
  premium: boolean | null;
  buildings: Loadable<BuildingListEntry[]>;
  selectedId: string | null;
  /** The account's factories, in the same picker (their slots only). */
  factories?: readonly KnownFactory[];
  /** The factory that is the current target, if one is. */
  factoryId?: string | null;
  onSelectFactory?: (id: string) => void;
  onRemoveFactory?: (id: string) => void;
  details: Loadable<Building>;
  rooms: Loadable<Room[]>;
  tenants: Loadable<Tenant[]>;
  accounts: Loadable<LooseRecord[]>;
  transactions: TransactionsState | null;
  onSelect: (id: string) => void;
  onRetry: (section: SectionKey) => void;
  onRetryBuildings: () => void;
  onOpenSettings: () => void;
  onOpenAccount: (bankId: string) => void;
  onPageTransactions: (skip: number) => void;
  /** Every transaction of the account the API gives, as a CSV file (and a note when capped). */
  onExportTransactions?: (
    bankId: string,
    label: string,
  ) => Promise<{ name: string; text: string; note?: string }>;
  /** The tab shown, remembered by the page. */
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab) => void;
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
  const { now, onOpenSettings, tab } = props;
  const common = { now, onOpenSettings };
  const onPortfolio = tab === 'portfolio' && props.portfolio !== undefined;
  const factoryId = props.factoryId ?? null;

  return (
    <main class={`dashboard dashboard--${props.layout}`}>
      <PageHeader layout={props.layout}>{props.headerActions}</PageHeader>
      <LazyRateLimitNotice />
      {props.summary}
      {/* The one picker of the page, for every tab but the portfolio's (all buildings at once). */}
      {!onPortfolio && (
        <BuildingPicker
          state={props.buildings}
          selectedId={props.selectedId}
          onSelect={props.onSelect}
          onRetry={props.onRetryBuildings}
          onOpenSettings={onOpenSettings}
          factories={props.factories ?? []}
          factoryId={factoryId}
          {...(props.onSelectFactory ? { onSelectFactory: props.onSelectFactory } : {})}
          {...(props.onRemoveFactory ? { onRemoveFactory: props.onRemoveFactory } : {})}
        />
      )}
      {(props.selectedId !== null || props.portfolio) && (
        <Tabs
          label={t('tabs_label')}
          tabs={[
            { key: 'building', label: t('tab_building') },
            { key: 'slots', label: t('tab_slots') },
            ...(props.portfolio ? [{ key: 'portfolio' as const, label: t('tab_portfolio') }] : []),
          ]}
          active={tab === 'portfolio' && !props.portfolio ? 'building' : tab}
          onChange={props.onTabChange}
        >
          {onPortfolio && props.portfolio ? (
            props.portfolio()
          ) : tab === 'slots' ? (
            props.slots()
          ) : factoryId !== null ? (
            <div class="note">
              <p>{t('factory_slotsOnly')}</p>
              <button type="button" class="button" onClick={() => props.onTabChange('slots')}>
                {t('tab_slots')}
              </button>
            </div>
          ) : (
            <div class="sections">
              <Section
                title={t('section_details')}
                state={props.details}
                onRetry={() => props.onRetry('details')}
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
