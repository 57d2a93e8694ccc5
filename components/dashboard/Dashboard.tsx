/**
 * The building dashboard as one view for the popup, the dashboard tab and the side panel: picker,
 * then the tabs "Building" (details, rooms, tenants, bank accounts) and "Slots". Everything it
 * shows arrives through props; it calls nothing but the callbacks it is given.
 */
import type { ComponentChildren } from 'preact';
import type { Building, BuildingListEntry, LooseRecord, Room, Tenant } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import type { SectionKey, SectionState, TransactionsState } from './store';
import { AccountsTable, Transactions, accountId } from './Accounts';
import { BuildingPicker } from './BuildingPicker';
import { DetailsCard } from './DetailsCard';
import { RoomsTable } from './RoomsTable';
import { Section } from './Section';
import { Tabs } from './Tabs';
import { TenantsTable } from './TenantsTable';

export interface DashboardProps {
  layout: 'compact' | 'full';
  now: number;
  premium: boolean | null;
  buildings: SectionState<BuildingListEntry[]>;
  selectedId: string | null;
  details: SectionState<Building>;
  rooms: SectionState<Room[]>;
  tenants: SectionState<Tenant[]>;
  accounts: SectionState<LooseRecord[]>;
  transactions: TransactionsState | null;
  onSelect: (id: string) => void;
  onRetry: (section: SectionKey) => void;
  onRetryBuildings: () => void;
  onOpenSettings: () => void;
  onOpenAccount: (bankId: string) => void;
  onPageTransactions: (skip: number) => void;
  /** The tab shown, remembered by the page. */
  tab: 'building' | 'slots';
  onTabChange: (tab: 'building' | 'slots') => void;
  /** The Slots tab's content (loaded lazily by the page). */
  slots: () => ComponentChildren;
  /** Buttons for the header: settings, open in a tab or the side panel. */
  headerActions?: ComponentChildren;
}

export function Dashboard(props: DashboardProps) {
  const { now, onOpenSettings, tab } = props;
  const common = { now, onOpenSettings };
  const accountRecord =
    props.transactions && props.accounts.status === 'ready'
      ? props.accounts.data.find((a) => accountId(a) === props.transactions?.bankId)
      : undefined;
  const accountLabel =
    typeof accountRecord?.label === 'string' ? accountRecord.label : (props.transactions?.bankId ?? '');

  return (
    <main class={`dashboard dashboard--${props.layout}`}>
      <header class="dashboard__header">
        <h1>{t('extName')}</h1>
        <div class="dashboard__actions">{props.headerActions}</div>
      </header>
      <BuildingPicker
        state={props.buildings}
        selectedId={props.selectedId}
        onSelect={props.onSelect}
        onRetry={props.onRetryBuildings}
        onOpenSettings={onOpenSettings}
      />
      {props.selectedId !== null && (
        <Tabs
          label={t('tabs_label')}
          tabs={[
            { key: 'building', label: t('tab_building') },
            { key: 'slots', label: t('tab_slots') },
          ]}
          active={tab}
          onChange={props.onTabChange}
        >
          {tab === 'slots' ? (
            props.slots()
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
              <Section
                title={t('section_rooms')}
                state={props.rooms}
                onRetry={() => props.onRetry('rooms')}
                skeletonRows={6}
                {...common}
              >
                {(rooms) => <RoomsTable rooms={rooms} premium={props.premium} />}
              </Section>
              <Section
                title={t('section_tenants')}
                state={props.tenants}
                onRetry={() => props.onRetry('tenants')}
                premiumPreview={t('premium_tenants')}
                skeletonRows={4}
                {...common}
              >
                {(tenants) => <TenantsTable tenants={tenants} now={now} />}
              </Section>
              <Section
                title={t('section_accounts')}
                state={props.accounts}
                onRetry={() => props.onRetry('accounts')}
                premiumPreview={t('premium_accounts')}
                skeletonRows={2}
                {...common}
              >
                {(accounts) => (
                  <>
                    <AccountsTable
                      accounts={accounts}
                      chosen={props.transactions?.bankId ?? null}
                      onChoose={props.onOpenAccount}
                    />
                    {props.transactions && (
                      <Transactions
                        state={props.transactions}
                        accountLabel={accountLabel}
                        onPage={props.onPageTransactions}
                        onRetry={() => props.onPageTransactions(props.transactions?.skip ?? 0)}
                        {...common}
                      />
                    )}
                  </>
                )}
              </Section>
            </div>
          )}
        </Tabs>
      )}
    </main>
  );
}
