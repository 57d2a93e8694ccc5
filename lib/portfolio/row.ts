/**
 * A portfolio row, pure: built from what the cache holds for one building (its details, rooms,
 * tenants and bank accounts, each with the time it was read) and the row before it.
 */
import { Building, type BuildingListEntry, LooseRecord, Room, Tenant } from '../api/schemas';
import { buildingName } from '../names';
import type { PortfolioResource, PortfolioRow, PortfolioTable } from '../storage/portfolio';
import type { Profile } from '../storage/profiles';
import { effectivePremium } from '../storage/settings';
import { z } from '../zod';
import { portfolioFigures } from './figures';

/** What each resource of a building is read as, in the order rows are built from. */
export const RESOURCE_SCHEMAS = {
  details: Building,
  rooms: z.array(Room),
  tenants: z.array(Tenant),
  accounts: z.array(LooseRecord),
} as const;
export const RESOURCES = Object.keys(RESOURCE_SCHEMAS) as PortfolioResource[];

type Cached<T> = { value: T; savedAt: number } | null;
/** What the cache holds for a building, in the order of RESOURCES. */
export type RowCache = [Cached<Building>, Cached<Room[]>, Cached<Tenant[]>, Cached<LooseRecord[]>];

/** The table of a profile whose building list was not read yet. */
export const emptyTable = (profile: Profile): PortfolioTable => ({
  rows: [],
  premium: effectivePremium(profile),
  round: { requests: 0, minutes: 0 },
  paused: null,
  listedAt: 0,
});

export function buildRow(
  entry: BuildingListEntry,
  cached: RowCache,
  previous: PortfolioRow | undefined,
  lateAfterDays: number,
  now: number,
): PortfolioRow {
  const [details, rooms, tenants, accounts] = cached;
  const times = cached.flatMap((c) => (c ? [c.savedAt] : []));
  const checkedAt: PortfolioRow['checkedAt'] = { ...previous?.checkedAt };
  RESOURCES.forEach((resource, i) => {
    const savedAt = cached[i]?.savedAt;
    if (savedAt !== undefined && (checkedAt[resource] ?? 0) < savedAt) checkedAt[resource] = savedAt;
  });
  const figures = portfolioFigures(
    { details: details?.value, rooms: rooms?.value, tenants: tenants?.value, accounts: accounts?.value },
    now,
    lateAfterDays,
  );
  const evicted = previous ? keptFigures(previous, { rooms, tenants, accounts }) : {};
  const known = Object.keys(evicted).length > 0 && previous?.updatedAt ? [previous.updatedAt] : [];
  return {
    id: entry.id,
    name: buildingName({ ...entry, ...(details ? { label: details.value.label } : {}) }),
    area: details?.value.area || entry.area || previous?.area || null,
    figures: { ...figures, ...evicted },
    updatedAt: times.length + known.length > 0 ? Math.min(...times, ...known) : null,
    checkedAt,
    problems: previous?.problems ?? {},
  };
}

/**
 * The figures a row keeps from before when the answers they came from left the cache (evicted to
 * keep its budget, oldest first): the last known numbers, with the row's age, rather than "–".
 */
function keptFigures(
  previous: PortfolioRow,
  cached: { rooms: unknown; tenants: unknown; accounts: unknown },
): Partial<PortfolioRow['figures']> {
  const old = previous.figures;
  return {
    ...(cached.rooms || previous.checkedAt.rooms === undefined
      ? {}
      : {
          roomsTotal: old.roomsTotal,
          roomsOccupied: old.roomsOccupied,
          roomsFree: old.roomsFree,
          rentLet: old.rentLet,
          rentEmpty: old.rentEmpty,
        }),
    ...(cached.tenants || previous.checkedAt.tenants === undefined
      ? {}
      : {
          tenants: old.tenants,
          oldestPayment: old.oldestPayment,
          late: old.late,
          paymentsHidden: old.paymentsHidden,
        }),
    ...(cached.accounts || previous.checkedAt.accounts === undefined ? {} : { balance: old.balance }),
  };
}
