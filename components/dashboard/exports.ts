/** The dashboard's CSV files: rooms, tenants and all of a bank account's transactions the API gives. */
import type { LooseRecord, Room, Tenant } from '../../lib/api/schemas';
import { roomsCsv, tenantsCsv, transactionsCsv } from '../../lib/export/building';
import { csvFormat } from '../../lib/export/csv';
import { t } from '../../lib/i18n';
import type { Send } from '../../lib/messaging/page-client';
import { uiLanguage } from '../display-format';
import { TRANSACTIONS_LIMIT_MAX, TRANSACTIONS_SKIP_MAX } from '../../lib/api/limits';

const today = () => new Date().toISOString().slice(0, 10);
const format = () => csvFormat(uiLanguage());

export const roomsFile = (rooms: readonly Room[], building: string) => ({
  name: `${building}-rooms-${today()}.csv`,
  text: roomsCsv(
    rooms,
    {
      room: t('csv_room'),
      rent: t('csv_rent'),
      occupied: t('csv_occupied'),
      interior: t('csv_interior'),
      yes: t('csv_yes'),
      no: t('csv_no'),
    },
    format(),
  ),
});

export const tenantsFile = (tenants: readonly Tenant[], building: string) => ({
  name: `${building}-tenants-${today()}.csv`,
  text: tenantsCsv(
    tenants,
    { room: t('csv_room'), tenant: t('csv_tenant'), lastPayment: t('csv_lastPayment') },
    format(),
  ),
});

/**
 * Every page the API gives (25 each, skip at most 200: 225 at most), read one after another at the
 * user's priority; the total says whether there were more.
 */
export async function allTransactions(
  send: Send,
  bankId: string,
): Promise<{ records: LooseRecord[]; total: number | null }> {
  const records: LooseRecord[] = [];
  let total: number | null = null;
  for (let skip = 0; skip <= TRANSACTIONS_SKIP_MAX; skip += TRANSACTIONS_LIMIT_MAX) {
    const answer = await send('listTransactions', {
      bankId,
      limit: TRANSACTIONS_LIMIT_MAX,
      skip,
      hint: { priority: 'user' },
    });
    if (!answer.ok) throw new Error(answer.error.kind);
    records.push(...answer.value.transactions);
    total = answer.value.total ?? total;
    if (answer.value.transactions.length < TRANSACTIONS_LIMIT_MAX) break;
    if (total !== null && records.length >= total) break;
  }
  return { records, total };
}

export async function transactionsFile(send: Send, bankId: string, account: string) {
  const { records, total } = await allTransactions(send, bankId);
  const text = transactionsCsv(
    records,
    {
      time: t('csv_time'),
      amount: t('csv_amount'),
      sender: t('csv_sender'),
      receiver: t('csv_receiver'),
      reference: t('csv_reference'),
      purpose: t('csv_purpose'),
    },
    format(),
  );
  const capped = total !== null && total > records.length;
  return {
    name: `${account}-transactions-${today()}.csv`,
    text,
    ...(capped ? { note: t('export_transactionsCapped', [String(records.length), String(total)]) } : {}),
  };
}
