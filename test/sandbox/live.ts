/**
 * The `live` profile: the sandbox answers as public clients observe the live service
 * (`../shared/spec/live-service.md`, relative to the repository): 24-hex ids, a building list of `id` and `hash` only,
 * premium-locked endpoints as 401 with a German message, empty lists as 404 `{"message":"empty"}`,
 * bank accounts as `{ id, vban, balance, note, main }`, transactions wrapped with their total, and
 * every error body as `{ "message": ... }`. The data is the default seed with those ids and shapes.
 */
import { LANDLORD } from './landlord';
import { createSeedData, DEMO } from './seed';
import type { BankAccountRecord, SandboxData, TransactionRecord } from './types';

/** 'lastUpdate' is 'default' with a Page Option's time under another name (slot-time.ts). */
export type SandboxProfile = 'default' | 'live' | 'lastUpdate';
export const PROFILES: readonly SandboxProfile[] = ['default', 'live', 'lastUpdate'];

export const PREMIUM_MESSAGE = 'Für diesen Endpunkt wird Premium benötigt';
export const EMPTY_MESSAGE = 'empty';

/** A deterministic 24-character hex id: a fixed prefix per kind, then the number. */
function hexId(kind: 'building' | 'factory' | 'account', n: number): string {
  const prefix = { building: '65a1b2c3d4e5f6', factory: '65f0e1d2c3b4a5', account: '66b7c8d9e0f1a2' }[kind];
  return prefix + n.toString(16).padStart(10, '0');
}

const BUILDINGS: Record<string, { id: string; hash: string }> = {
  'b-1001': { id: hexId('building', 1001), hash: 'PillboxHill_Flat_15' },
  'b-1002': { id: hexId('building', 1002), hash: 'Vinewood_Villa_3' },
  'b-1003': { id: hexId('building', 1003), hash: 'SandyShores_House_4' },
  'b-2001': { id: hexId('building', 2001), hash: 'DelPerro_Apartment_2' },
  'b-2002': { id: hexId('building', 2002), hash: 'Rockford_Tower_8' },
};
const FACTORIES: Record<string, { id: string; hash: string }> = {
  'f-501': { id: hexId('factory', 501), hash: 'LaMesa_Bakery_1' },
  'f-601': { id: hexId('factory', 601), hash: 'Cypress_Forge_2' },
};
const ACCOUNTS: Record<string, string> = {
  'acc-1001-1': hexId('account', 10011),
  'acc-1001-2': hexId('account', 10012),
  'acc-1002-1': hexId('account', 10021),
  'acc-2001-1': hexId('account', 20011),
  'acc-2002-1': hexId('account', 20021),
};
const LIVE_TRANSACTION_COUNTS: Record<string, number> = { 'acc-1001-1': 230, 'acc-1002-1': 0 };

/** The ids, hashes and counts of the live profile, as tests and the banner need them. */
export const LIVE_DEMO = {
  buildings: {
    juergen: DEMO.buildings.juergen.map((id) => BUILDINGS[id]!.id),
    kaethe: DEMO.buildings.kaethe.map((id) => BUILDINGS[id]!.id),
  },
  /** Hash and label of the first building of each character. */
  pillboxHill: { id: BUILDINGS['b-1001']!.id, hash: 'PillboxHill_Flat_15', label: 'Haus Müllerstraße' },
  factories: { juergen: [FACTORIES['f-501']!.id], kaethe: [FACTORIES['f-601']!.id] },
  /** 230 transactions; its building also has a second account with 3. */
  busyAccount: ACCOUNTS['acc-1001-1']!,
  busyAccountTransactions: 230,
  /** Königshof: its only bank account has no transactions. */
  buildingWithEmptyAccount: BUILDINGS['b-1002']!.id,
  emptyAccount: ACCOUNTS['acc-1002-1']!,
  /** Gärtnerhaus: no bank account at all. */
  buildingWithoutAccounts: BUILDINGS['b-1003']!.id,
  /** The landlord's 12 buildings (test/sandbox/landlord.ts), in the live profile's ids. */
  landlordBuildings: LANDLORD.buildings.map((id) => hexId('building', Number(id.slice(2)))),
} as const;

/** The default seed with the live ids and hashes, 230 transactions on one account and none on another. */
export function createLiveSeedData(): SandboxData {
  const data = createSeedData();
  for (const building of data.buildings) {
    // The landlord's buildings (b-3001…) get 24-hex ids and game-like hashes of their own.
    const n = Number(building.id.slice(2));
    Object.assign(
      building,
      BUILDINGS[building.id] ?? { id: hexId('building', n), hash: `Mirror_Park_Flat_${n}` },
    );
  }
  for (const factory of data.factories) Object.assign(factory, FACTORIES[factory.id]);
  for (const account of data.bankAccounts) {
    const count = LIVE_TRANSACTION_COUNTS[account.id];
    if (count !== undefined) account.transactions = account.transactions.slice(0, count);
    const landlordBuilding = /^b-3\d{3}$/.test(account.buildingId)
      ? Number(account.buildingId.slice(2))
      : null;
    account.buildingId =
      BUILDINGS[account.buildingId]?.id ??
      (landlordBuilding === null ? account.buildingId : hexId('building', landlordBuilding));
    account.id =
      ACCOUNTS[account.id] ??
      (landlordBuilding === null ? account.id : hexId('account', landlordBuilding * 10 + 1));
  }
  return data;
}

/** A 7-digit account number derived from a name: the same name always gets the same number. */
function vbanOf(name: string): string {
  const hash = [...name].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 17);
  return String(1_000_000 + (hash % 9_000_000));
}

export function liveBankAccounts(accounts: BankAccountRecord[]) {
  return accounts.map((account, i) => ({
    id: account.id,
    vban: vbanOf(account.iban),
    balance: account.balance,
    note: account.label,
    main: i === 0,
  }));
}

/** One page of transactions with the account's total; rent payments carry a purpose, others none. */
export function liveTransactions(account: BankAccountRecord, page: TransactionRecord[]) {
  const own = vbanOf(account.iban);
  return {
    totalTransactions: account.transactions.length,
    transactions: page.map((tx) => {
      const other = vbanOf(tx.counterparty);
      return {
        senderVban: tx.amount >= 0 ? other : own,
        receiverVban: tx.amount >= 0 ? own : other,
        reference: tx.counterparty,
        ...(tx.amount >= 0 ? { purpose: tx.purpose } : {}),
        amount: tx.amount,
        timestamp: tx.date,
      };
    }),
  };
}

/** `{ error, message, ... }` becomes `{ message }`; the 403 of a premium-locked request a German 401. */
export function liveErrorBody(status: number, body: string): { status: number; body: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { status, body };
  }
  if (typeof parsed !== 'object' || parsed === null || !('message' in parsed)) return { status, body };
  const { error, message } = parsed as { error?: unknown; message: unknown };
  if (error === 'premium_required')
    return { status: 401, body: JSON.stringify({ message: PREMIUM_MESSAGE }) };
  return { status, body: JSON.stringify({ message }) };
}
