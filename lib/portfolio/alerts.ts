/**
 * Alerts: what changed in a building since the refresh last looked. Each refresh stores what it saw
 * (the baseline) whether alerts are on or not, so a change is reported once, never again on the
 * next refresh or after a worker restart, and a change found while alerts were off is never
 * reported later. A building seen for the first time reports nothing.
 */
import type { Room, Tenant } from '../api/schemas';
import type { AlertBaseline } from '../storage/portfolio';

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
