/**
 * A portfolio row's figures from what the API answered for one building: rooms, rent roll, tenants'
 * payments and the main account's balance. Whatever is missing or odd is null (shown as "–"), never
 * NaN: the figures of one answer never depend on another answer being there.
 */
import type { Building, LooseRecord, Room, Tenant } from '../api/schemas';
import type { PortfolioFigures } from '../storage/portfolio';

export interface BuildingAnswers {
  details?: Building | null;
  rooms?: readonly Room[] | null;
  tenants?: readonly Tenant[] | null;
  accounts?: readonly LooseRecord[] | null;
}

const DAY_MS = 86_400_000;

const finite = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

function roomFigures(answers: BuildingAnswers) {
  const { rooms, details } = answers;
  if (rooms) {
    // Rents of valid but huge numbers (1e308) can sum past the largest number: that sum is unknown.
    const sum = (list: readonly Room[]) =>
      finite(list.reduce((total, room) => total + (finite(room.rent) ?? 0), 0));
    const occupied = rooms.filter((room) => room.occupied);
    const free = rooms.filter((room) => !room.occupied);
    return {
      roomsTotal: rooms.length,
      roomsOccupied: occupied.length,
      roomsFree: free.length,
      rentLet: sum(occupied),
      rentEmpty: sum(free),
    };
  }
  return {
    roomsTotal: finite(details?.totalRooms),
    roomsOccupied: finite(details?.occupiedRooms),
    roomsFree: finite(details?.freeRooms),
    rentLet: null,
    rentEmpty: null,
  };
}

function paymentFigures(tenants: readonly Tenant[] | null | undefined, now: number, lateAfterDays: number) {
  if (!tenants) return { tenants: null, oldestPayment: null, late: null, paymentsHidden: false };
  const times = tenants.map((t) => (t.lastPayDate ? Date.parse(t.lastPayDate) : Number.NaN));
  const known = times.filter((time) => Number.isFinite(time));
  const paymentsHidden = tenants.length > 0 && known.length === 0;
  const oldest = known.length > 0 ? Math.min(...known) : null;
  return {
    tenants: tenants.length,
    oldestPayment: oldest === null ? null : new Date(oldest).toISOString(),
    late: paymentsHidden ? null : known.filter((time) => now - time > lateAfterDays * DAY_MS).length,
    paymentsHidden,
  };
}

/** The account flagged `main` (some clients read that flag), else the first one. */
export function mainAccount(accounts: readonly LooseRecord[]): LooseRecord | null {
  return accounts.find((account) => account.main === true) ?? accounts[0] ?? null;
}

export function portfolioFigures(
  answers: BuildingAnswers,
  now: number,
  lateAfterDays: number,
): PortfolioFigures {
  const account = answers.accounts ? mainAccount(answers.accounts) : null;
  return {
    ...roomFigures(answers),
    ...paymentFigures(answers.tenants, now, lateAfterDays),
    balance: finite(account?.balance),
  };
}

type Summable =
  'roomsTotal' | 'roomsOccupied' | 'roomsFree' | 'rentLet' | 'rentEmpty' | 'tenants' | 'late' | 'balance';
const SUMMED: readonly Summable[] = [
  'roomsTotal',
  'roomsOccupied',
  'roomsFree',
  'rentLet',
  'rentEmpty',
  'tenants',
  'late',
  'balance',
];

/**
 * The totals row: each column sums the rows that know it; a column no row knows stays null, and so
 * does a sum past the largest number.
 */
export function portfolioTotals(rows: readonly PortfolioFigures[]): Record<Summable, number | null> {
  const totals = {} as Record<Summable, number | null>;
  for (const key of SUMMED) {
    const known = rows.map((row) => row[key]).filter((value): value is number => value !== null);
    totals[key] = known.length > 0 ? finite(known.reduce((a, b) => a + b, 0)) : null;
  }
  return totals;
}
