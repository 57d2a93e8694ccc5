/**
 * What the background refresh reads next, and how much of the key's budget it may take. Pure: the
 * worker's loop (lib/portfolio/refresh.ts) feeds it the table, the scheduler's usage and the clock.
 *
 * Freshness per resource: a building's details change when it is renamed or sold (kept for hours;
 * the building list tells when one leaves); rooms, tenants and bank accounts change through play
 * (kept for the profile's freshness window, minutes).
 */
import type { PortfolioResource } from '../storage/portfolio';
import { ASSUMED_BUDGET } from '../api/limits';

export const DETAILS_FRESH_MS = 6 * 3_600_000;
/** The scheduler's own slack on a window (lib/api/scheduler.ts). */
const WINDOW_MARGIN_MS = 250;

export interface PlannedBuilding {
  id: string;
  /** When each resource was last tried (read or failed); absent: never. */
  checkedAt: Partial<Record<PortfolioResource, number>>;
}

export interface ReadNeed {
  buildingId: string;
  resource: PortfolioResource;
  /** When it was last tried; null: never (goes first). */
  checkedAt: number | null;
}

export const resourcesOf = (premium: boolean): PortfolioResource[] =>
  premium ? ['details', 'rooms', 'tenants', 'accounts'] : ['details', 'rooms'];

const freshFor = (resource: PortfolioResource, freshMs: number) =>
  resource === 'details' ? Math.max(DETAILS_FRESH_MS, freshMs) : freshMs;

/** Every stale read, the stalest first (never read before anything else), in table order on ties. */
export function staleReads(
  buildings: readonly PlannedBuilding[],
  premium: boolean,
  now: number,
  freshMs: number,
): ReadNeed[] {
  const needs: ReadNeed[] = [];
  for (const building of buildings) {
    for (const resource of resourcesOf(premium)) {
      const checkedAt = building.checkedAt[resource] ?? null;
      if (checkedAt === null || now - checkedAt >= freshFor(resource, freshMs)) {
        needs.push({ buildingId: building.id, resource, checkedAt });
      }
    }
  }
  return needs
    .map((need, index) => ({ need, index }))
    .sort((a, b) => (a.need.checkedAt ?? -1) - (b.need.checkedAt ?? -1) || a.index - b.index)
    .map(({ need }) => need);
}

/** When the first fresh answer turns stale (null: nothing was read yet, or no buildings). */
export function nextStaleAt(
  buildings: readonly PlannedBuilding[],
  premium: boolean,
  freshMs: number,
): number | null {
  let next: number | null = null;
  for (const building of buildings) {
    for (const resource of resourcesOf(premium)) {
      const checkedAt = building.checkedAt[resource];
      if (checkedAt === undefined) continue;
      const at = checkedAt + freshFor(resource, freshMs);
      next = next === null ? at : Math.min(next, at);
    }
  }
  return next;
}

export interface BudgetUsage {
  /** Send times of the key's queue inside its window, every priority. */
  sends: readonly number[];
  budget: { limit: number; windowMs: number } | null;
  /** A 429 wait in progress ends then. */
  waitingUntil: number | null;
}

/** The background's share of a window: at least one request, so a tiny budget still moves. */
export const shareOf = (limit: number, share: number) => Math.max(1, Math.floor(limit * share));

/**
 * How many background requests may go now: the share of the window minus everything the window
 * already holds (the user's requests too). So the background only fills the idle part of the share,
 * and a user's click always finds the rest of the budget free. When none may go: when to look again.
 */
export function allowance(
  usage: BudgetUsage,
  share: number,
  now: number,
): { count: number; wakeAt: number | null } {
  if (usage.waitingUntil !== null && usage.waitingUntil > now)
    return { count: 0, wakeAt: usage.waitingUntil };
  const budget = usage.budget ?? ASSUMED_BUDGET;
  const window = budget.windowMs + WINDOW_MARGIN_MS;
  const recent = usage.sends.filter((t) => t > now - window).sort((a, b) => a - b);
  const free = shareOf(budget.limit, share) - recent.length;
  if (free > 0) return { count: free, wakeAt: null };
  // The send whose leaving the window frees one place for the background.
  const leaving = recent[recent.length - shareOf(budget.limit, share)] ?? now;
  return { count: 0, wakeAt: leaving + window };
}

/**
 * A steady round: the list, then per building its rooms (and tenants and bank accounts with
 * premium); details are read again only every few hours. How often it comes: no more often than
 * the freshness window, and no faster than the share of the budget allows.
 */
export function roundEstimate(
  buildings: number,
  premium: boolean,
  budget: { limit: number; windowMs: number } | null,
  share: number,
  freshMinutes: number,
): { requests: number; minutes: number } {
  const requests = 1 + buildings * (premium ? 3 : 1);
  const { limit, windowMs } = budget ?? ASSUMED_BUDGET;
  const paced = (requests / shareOf(limit, share)) * (windowMs / 60_000);
  return { requests, minutes: Math.max(freshMinutes, paced) };
}
