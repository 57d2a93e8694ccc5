/**
 * The sections below the details: rooms, tenants, bank accounts with their transactions. Not part
 * of the first view, so the pages load this module after it (see DashboardApp).
 */
import { t } from '../../lib/i18n';
import { AccountsTable, Transactions, accountId } from './Accounts';
import type { DashboardProps } from './Dashboard';
import { RoomsTable } from './RoomsTable';
import { ExportButton } from './ExportButton';
import { roomsFile, tenantsFile } from './exports';
import { Section } from './Section';
import { TenantsTable } from './TenantsTable';

export function MoreSections(props: DashboardProps) {
  const { now, onOpenSettings } = props;
  const common = { now, onOpenSettings };
  const accountRecord =
    props.transactions && props.accounts.status === 'ready'
      ? props.accounts.value.find((a) => accountId(a) === props.transactions?.bankId)
      : undefined;
  const accountLabel =
    typeof accountRecord?.label === 'string' ? accountRecord.label : (props.transactions?.bankId ?? '');
  const details = props.details.status === 'ready' ? props.details.value : null;
  const fileName = (details?.label || props.selectedId || 'building').replace(/[^\p{L}\p{N}-]+/gu, '-');
  return (
    <>
      <Section
        title={t('section_rooms')}
        state={props.rooms}
        onRetry={() => props.onRetry('rooms')}
        skeletonRows={6}
        {...common}
      >
        {(rooms) => (
          <>
            <RoomsTable rooms={rooms} premium={props.premium} />
            <ExportButton label={t('export_rooms')} build={async () => roomsFile(rooms, fileName)} />
          </>
        )}
      </Section>
      <Section
        title={t('section_tenants')}
        state={props.tenants}
        onRetry={() => props.onRetry('tenants')}
        premiumPreview={t('premium_tenants')}
        skeletonRows={4}
        {...common}
      >
        {(tenants) => (
          <>
            <TenantsTable tenants={tenants} now={now} />
            {tenants.length > 0 && (
              <ExportButton label={t('export_tenants')} build={async () => tenantsFile(tenants, fileName)} />
            )}
          </>
        )}
      </Section>
      <Section
        wide
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
              now={now}
            />
            {props.transactions && (
              <Transactions
                state={props.transactions}
                accountLabel={accountLabel}
                balance={typeof accountRecord?.balance === 'number' ? accountRecord.balance : null}
                onPage={props.onPageTransactions}
                {...(props.onExportTransactions ? { onExport: props.onExportTransactions } : {})}
                onRetry={() => props.onPageTransactions(props.transactions?.skip ?? 0)}
                {...common}
              />
            )}
          </>
        )}
      </Section>
    </>
  );
}
