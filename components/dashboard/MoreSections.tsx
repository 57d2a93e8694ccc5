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

export function MoreSections({ store, now, onOpenSettings }: DashboardProps) {
  const common = { now, onOpenSettings };
  const { sections } = store;
  const transactions = store.transactions.value;
  const accountList = sections.accounts.value;
  const accountRecord =
    transactions && accountList.status === 'ready'
      ? accountList.value.find((a) => accountId(a) === transactions.bankId)
      : undefined;
  const accountLabel =
    typeof accountRecord?.label === 'string' ? accountRecord.label : (transactions?.bankId ?? '');
  const building = sections.details.value.status === 'ready' ? sections.details.value.value : null;
  const fileName = (building?.label || store.shownId.value || 'building').replace(/[^\p{L}\p{N}-]+/gu, '-');
  return (
    <>
      <Section
        title={t('section_rooms')}
        state={sections.rooms.value}
        onRetry={() => store.retry('rooms')}
        skeletonRows={6}
        {...common}
      >
        {(rooms) => (
          <>
            <RoomsTable rooms={rooms} premium={store.premium.value} />
            <ExportButton label={t('export_rooms')} build={async () => roomsFile(rooms, fileName)} />
          </>
        )}
      </Section>
      <Section
        title={t('section_tenants')}
        state={sections.tenants.value}
        onRetry={() => store.retry('tenants')}
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
        state={accountList}
        onRetry={() => store.retry('accounts')}
        premiumPreview={t('premium_accounts')}
        skeletonRows={2}
        {...common}
      >
        {(accounts) => (
          <>
            <AccountsTable
              accounts={accounts}
              chosen={transactions?.bankId ?? null}
              onChoose={store.openAccount}
              now={now}
            />
            {transactions && (
              <Transactions
                state={transactions}
                accountLabel={accountLabel}
                balance={typeof accountRecord?.balance === 'number' ? accountRecord.balance : null}
                onPage={store.pageTransactions}
                onExport={store.exportTransactions}
                onRetry={() => store.pageTransactions(transactions.skip)}
                {...common}
              />
            )}
          </>
        )}
      </Section>
    </>
  );
}
