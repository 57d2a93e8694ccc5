/**
 * Alerts: what changed in a building since the refresh last looked. Each refresh stores what it saw
 * (the baseline) whether alerts are on or not, so a change is reported once, never again on the
 * next refresh or after a worker restart, and a change found while alerts were off is never
 * reported later. A building seen for the first time reports nothing.
 */
import type { Room, Tenant } from '../api/schemas';
import {
  type AlertBaseline,
  type PortfolioRow,
  alertBaselineFamily,
  portfolioSettingsItem,
} from '../storage/portfolio';
import { NewerVersionError } from '../storage/storage-problems';
import type { RowCache } from './row';

export interface PortfolioAlert {
  profileId: string;
  buildingId: string;
  building: string;
  kind: 'freed' | 'let' | 'late';
  /** Names of the rooms concerned. */
  rooms: string[];
}

export interface AlertDeps {
  /** Shows an alert (browser.notifications in the worker); only called while alerts are on. */
  notify?: (alert: PortfolioAlert) => Promise<void>;
}

const DAY_MS = 86_400_000;

export interface AlertChanges {
  /** Rooms that were let and are free now. */
  freed: string[];
  /** Rooms that were free and are let now. */
  let: string[];
  /** Rooms whose tenant's last payment passed the threshold since. */
  late: string[];
}

export const freeRooms = (rooms: readonly Room[]): string[] =>
  rooms.filter((r) => !r.occupied).map((r) => r.id);

export function lateRooms(tenants: readonly Tenant[], now: number, lateAfterDays: number): string[] {
  return tenants
    .filter((tenant) => {
      const paid = tenant.lastPayDate ? Date.parse(tenant.lastPayDate) : Number.NaN;
      return Number.isFinite(paid) && now - paid > lateAfterDays * DAY_MS;
    })
    .map((tenant) => tenant.roomId);
}

const added = (before: readonly string[], after: readonly string[]) =>
  after.filter((id) => !before.includes(id));

/** The changes between what was seen and what is seen now; the first look at a part says nothing. */
export function alertChanges(before: AlertBaseline | null, now: AlertBaseline): AlertChanges {
  const free = before?.free && now.free ? { before: before.free, now: now.free } : null;
  return {
    freed: free ? added(free.before, free.now) : [],
    let: free ? added(free.now, free.before) : [],
    late: before?.late && now.late ? added(before.late, now.late) : [],
  };
}

/** The new baseline: what was read replaces what was seen; what was not read stays. */
export function nextBaseline(before: AlertBaseline | null, now: AlertBaseline): AlertBaseline {
  const free = now.free ?? before?.free;
  const late = now.late ?? before?.late;
  return { ...(free ? { free } : {}), ...(late ? { late } : {}) };
}

/**
 * What the row's cached rooms and tenants show now against what the alerts last saw of the building:
 * the baseline is stored before anything is told (a stopped worker never tells a change twice), and
 * the changes are returned only while alerts are on (one found while they are off is never told).
 * It looks at the cache, not at one answer: a building the building view read is seen too, and a
 * call runs inside the serialized table write, so reads of rooms and tenants at once never undo
 * each other's baseline.
 */
export async function observeRow(
  profileId: string,
  row: PortfolioRow,
  [, rooms, tenants]: RowCache,
  lateAfterDays: number,
  now: number,
): Promise<PortfolioAlert[]> {
  if (!rooms && !tenants) return [];
  const seen = {
    ...(rooms ? { free: freeRooms(rooms.value) } : {}),
    ...(tenants ? { late: lateRooms(tenants.value, now, lateAfterDays) } : {}),
  };
  const before = await alertBaselineFamily.get(profileId, row.id);
  const after = nextBaseline(before, seen);
  if (JSON.stringify(after) !== JSON.stringify(before)) {
    try {
      await alertBaselineFamily.set(after, profileId, row.id);
    } catch (error) {
      // A baseline a newer version stored is kept untouched: that building tells nothing, the rest go on.
      if (error instanceof NewerVersionError) return [];
      throw error;
    }
  }
  const changes = alertChanges(before, seen);
  if (!Object.values(changes).some((ids) => ids.length > 0)) return [];
  if (!(await portfolioSettingsItem.get()).alerts) return [];
  const names = new Map((rooms?.value ?? []).map((room) => [room.id, room.name]));
  for (const tenant of tenants?.value ?? []) names.set(tenant.roomId, tenant.roomName);
  return (['freed', 'let', 'late'] as const)
    .filter((kind) => changes[kind].length > 0)
    .map((kind) => ({
      profileId,
      buildingId: row.id,
      building: row.name,
      kind,
      rooms: changes[kind].map((id) => names.get(id) ?? id),
    }));
}

/** Shows the alerts found (after their baseline was stored); a failed notification is reported, not retried. */
export async function tellAlerts(deps: AlertDeps, alerts: readonly PortfolioAlert[]): Promise<void> {
  for (const alert of alerts)
    await deps.notify?.(alert).catch((error: unknown) => console.error('portfolio alert not shown', error));
}
