/**
 * The worker's portfolio: one table per profile, a row per building, rebuilt from the cached answers
 * after each read, and the background refresh that keeps it fresh within a share of the key's
 * budget. The refresh reads one stale answer at a time at background priority through the request
 * scheduler (so whatever the user asks for goes first), reuses every fresh cached answer, stops when
 * nothing is stale and says when to wake up again; all it knows lives in storage, so a stopped worker
 * goes on where it was.
 */
import * as api from '../api/client';
import type { Result } from '../api/errors';
import type { Priority } from '../api/scheduler';
import { queueIdOf } from '../api/scheduler';
import { Building, BuildingListEntry, LooseRecord, Room, Tenant } from '../api/schemas';
import type { AppError } from '../app-error';
import { freshnessMs } from '../handlers/cached-read';
import { type Connection, type WorkerDeps, connect } from '../handlers/context';
import { buildingName } from '../names';
import { serialQueue } from '../serial';
import { readCached, writeCached, cacheFamily } from '../storage/cache';
import { rememberLabel, withRememberedLabels } from '../storage/labels';
import {
  alertBaselineFamily,
  type PortfolioResource,
  type PortfolioRow,
  type PortfolioSettings,
  type PortfolioTable,
  portfolioFamily,
  portfolioSettingsItem,
} from '../storage/portfolio';
import { type Profile, readProfile } from '../storage/profiles';
import { NewerVersionError } from '../storage/stored-item';
import { effectivePremium } from '../storage/settings';
import { z } from '../zod';
import { alertChanges, freeRooms, lateRooms, nextBaseline } from './alerts';
import { portfolioFigures } from './figures';
import { type BudgetUsage, allowance, nextStaleAt, roundEstimate, staleReads } from './plan';

export interface PortfolioAlert {
  profileId: string;
  buildingId: string;
  building: string;
  kind: 'freed' | 'let' | 'late';
  /** Names of the rooms concerned. */
  rooms: string[];
}

export interface PortfolioDeps extends WorkerDeps {
  /** Shows an alert (browser.notifications in the worker); only called while alerts are on. */
  notify?: (alert: PortfolioAlert) => Promise<void>;
  now?: () => number;
}

const SCHEMAS = {
  details: Building,
  rooms: z.array(Room),
  tenants: z.array(Tenant),
  accounts: z.array(LooseRecord),
} as const;
const RESOURCES = Object.keys(SCHEMAS) as PortfolioResource[];

const TABLE_PART = 'table';
export const loadTable = (profileId: string) => portfolioFamily.get(profileId, TABLE_PART);

/** Table writes one after another: the refresh and a row refreshed by the user never undo each other. */
const tableWrites = serialQueue();
function updateTable(
  profileId: string,
  change: (table: PortfolioTable | null) => PortfolioTable | null | Promise<PortfolioTable | null>,
): Promise<PortfolioTable | null> {
  return tableWrites(async () => {
    const next = await change(await loadTable(profileId));
    if (next) await portfolioFamily.set(next, profileId, TABLE_PART);
    return next;
  });
}

/**
 * What the portfolio kept of the profile's account (its table and what the alerts saw) goes when
 * the account changes, as at a sign-out: nothing of one account is shown under another. In the
 * table's turn, so no write under way puts the old rows back.
 */
export function dropPortfolio(profileId: string): Promise<void> {
  return tableWrites(async () => {
    await portfolioFamily.removeAll(profileId);
    await alertBaselineFamily.removeAll(profileId);
  });
}

const emptyTable = (profile: Profile): PortfolioTable => ({
  rows: [],
  premium: effectivePremium(profile),
  round: { requests: 0, minutes: 0 },
  paused: null,
  listedAt: 0,
});

type Cached<T> = { value: T; savedAt: number } | null;
/** What the cache holds for a building, in the order of RESOURCES. */
type RowCache = [Cached<Building>, Cached<Room[]>, Cached<Tenant[]>, Cached<LooseRecord[]>];

/**
 * The building's row rebuilt from what the cache holds, and the alerts its cached rooms and tenants
 * give: the cache is read once for both. `previous` gives what the refresh tried.
 */
async function rebuildRow(
  profileId: string,
  entry: BuildingListEntry,
  previous: PortfolioRow | undefined,
  lateAfterDays: number,
  now: number,
): Promise<{ row: PortfolioRow; alerts: PortfolioAlert[] }> {
  const cached = (await Promise.all(
    RESOURCES.map((r) => readCached(profileId, [r, entry.id], SCHEMAS[r])),
  )) as RowCache;
  const row = buildRow(entry, cached, previous, lateAfterDays, now);
  return { row, alerts: await observeRow(profileId, row, cached, lateAfterDays, now) };
}

function buildRow(
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

function readResource(
  config: api.ApiConfig,
  resource: PortfolioResource,
  id: string,
): Promise<Result<unknown>> {
  switch (resource) {
    case 'details':
      return api.readBuilding(config, id);
    case 'rooms':
      return api.listRooms(config, id);
    case 'tenants':
      return api.listTenants(config, id);
    case 'accounts':
      return api.listBankAccounts(config, id);
  }
}

/**
 * What the row's cached rooms and tenants show now against what the alerts last saw of the building:
 * the baseline is stored before anything is told (a stopped worker never tells a change twice), and
 * the changes are returned only while alerts are on (one found while they are off is never told).
 * It looks at the cache, not at one answer: a building the building view read is seen too, and a
 * call runs inside the serialized table write, so reads of rooms and tenants at once never undo
 * each other's baseline.
 */
async function observeRow(
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
async function tellAlerts(deps: PortfolioDeps, alerts: readonly PortfolioAlert[]): Promise<void> {
  for (const alert of alerts)
    await deps.notify?.(alert).catch((error: unknown) => console.error('portfolio alert not shown', error));
}

/** Reads one resource of one building, keeps the answer, rebuilds the row and tells what changed. */
async function readInto(
  deps: PortfolioDeps,
  connection: Connection,
  settings: PortfolioSettings,
  buildingId: string,
  resource: PortfolioResource,
  priority: Priority,
): Promise<Result<unknown>> {
  const { profile } = connection;
  const now = deps.now?.() ?? Date.now();
  const answer = await readResource(api.placed(connection.config, priority), resource, buildingId);
  if (!answer.ok && answer.error.kind === 'aborted') return answer;
  if (answer.ok) {
    await writeCached(profile.id, [resource, buildingId], answer.value, now);
    if (resource === 'details') await rememberLabel(profile.id, buildingId, (answer.value as Building).label);
  }
  let alerts: PortfolioAlert[] = [];
  await updateTable(profile.id, async (table) => {
    const previous = table?.rows.find((r) => r.id === buildingId);
    if (!table || !previous) return null;
    const problems = { ...previous.problems };
    if (answer.ok) delete problems[resource];
    else problems[resource] = answer.error.kind;
    const marked = { ...previous, problems, checkedAt: { ...previous.checkedAt, [resource]: now } };
    const entry = { id: buildingId, label: previous.name };
    const built = await rebuildRow(profile.id, entry, marked, settings.lateAfterDays, now);
    alerts = built.alerts;
    return { ...table, rows: table.rows.map((r) => (r.id === buildingId ? built.row : r)) };
  });
  await tellAlerts(deps, alerts);
  return answer;
}

/** Reads the building list and makes the rows follow it. */
async function readList(
  deps: PortfolioDeps,
  connection: Connection,
  settings: PortfolioSettings,
  priority: Priority,
): Promise<Result<unknown>> {
  const { profile } = connection;
  const now = deps.now?.() ?? Date.now();
  const answer = await api.listBuildings(api.placed(connection.config, priority));
  if (!answer.ok) {
    if (answer.error.kind !== 'aborted')
      await updateTable(profile.id, (t) => (t ? { ...t, listedAt: now } : t));
    return answer;
  }
  await writeCached(profile.id, ['buildings'], answer.value, now);
  await followList(deps, profile, settings, answer.value, now);
  return answer;
}

/** Rows follow the building list (a sold building loses its row, its alerts and its answers). */
async function followList(
  deps: PortfolioDeps,
  profile: Profile,
  settings: PortfolioSettings,
  answer: BuildingListEntry[],
  listedAt: number,
): Promise<void> {
  const now = deps.now?.() ?? Date.now();
  const list = await withRememberedLabels(profile.id, answer);
  const kept = new Set(list.map((entry) => entry.id));
  const alerts: PortfolioAlert[] = [];
  await updateTable(profile.id, async (before) => {
    // No table: the account was signed out or changed while the list was read; its rows stay gone.
    if (!before) return null;
    const rows = await Promise.all(
      list.map(async (entry) => {
        const previous = before.rows.find((r) => r.id === entry.id);
        const built = await rebuildRow(profile.id, entry, previous, settings.lateAfterDays, now);
        alerts.push(...built.alerts);
        return built.row;
      }),
    );
    for (const gone of before.rows.filter((row) => !kept.has(row.id))) {
      await alertBaselineFamily.remove(profile.id, gone.id);
      await Promise.all(RESOURCES.map((r) => cacheFamily.remove(profile.id, r, gone.id)));
    }
    return { ...emptyTable(profile), rows, round: before.round, paused: before.paused, listedAt };
  });
  await tellAlerts(deps, alerts);
}

async function usageOf(deps: PortfolioDeps, connection: Connection): Promise<BudgetUsage> {
  const { profile, config } = connection;
  const usage = deps.scheduler
    ? deps.scheduler.usage((await queueIdOf(config.baseUrl, config.token)).key)
    : { sends: [], budget: null, waitingUntil: null };
  const override = profile.requestsPerMinute ? { limit: profile.requestsPerMinute, windowMs: 60_000 } : null;
  return { ...usage, budget: override ?? usage.budget };
}

async function markState(
  profile: Profile,
  settings: PortfolioSettings,
  paused: PortfolioTable['paused'],
  usage: BudgetUsage | null,
  resumesAt: number | null = null,
): Promise<void> {
  await updateTable(profile.id, (table) => {
    if (!table) return null;
    const premium = effectivePremium(profile);
    const round = roundEstimate(
      table.rows.length,
      premium,
      usage?.budget ?? null,
      settings.share,
      profile.freshnessMinutes,
    );
    const same =
      table.paused === paused &&
      (table.resumesAt ?? null) === resumesAt &&
      table.premium === premium &&
      table.round.requests === round.requests &&
      table.round.minutes === round.minutes;
    return same ? null : { ...table, paused, resumesAt, premium, round };
  });
}

/**
 * The portfolio of a profile starts when a page first shows it (the Portfolio tab): an empty table
 * whose list is due. Until then the refresh sends nothing, so an account that never looks at its
 * portfolio spends none of its budget on it. A fresh building list in the cache (the pages read it
 * as they open) makes the rows at once, without a request and without waiting for the budget.
 */
export async function openPortfolio(deps: PortfolioDeps, profile: Profile): Promise<PortfolioTable> {
  const existing = await loadTable(profile.id);
  if (existing && existing.listedAt > 0) return existing;
  const table = existing ?? emptyTable(profile);
  if (!existing) await updateTable(profile.id, (current) => current ?? table);
  const cached = await readCached(profile.id, ['buildings'], z.array(BuildingListEntry));
  const now = deps.now?.() ?? Date.now();
  if (!cached || now - cached.savedAt >= freshnessMs(profile)) return table;
  await followList(deps, profile, await portfolioSettingsItem.get(), cached.value, cached.savedAt);
  return (await loadTable(profile.id)) ?? table;
}

/** Each run reads at most this many answers; the next run (timer or alarm) goes on. */
const MAX_READS_PER_RUN = 200;

/**
 * One run of the background refresh for the active profile: reads stale answers while the share of
 * the budget allows. Returns when to run again (null: nothing to do until something changes).
 */
export async function refreshPortfolio(deps: PortfolioDeps): Promise<{ wakeAt: number | null }> {
  const profile = await readProfile(null);
  if (!profile || !(await loadTable(profile.id))) return { wakeAt: null };
  const connection = await connect(deps, profile.id);
  if (!connection.ok) {
    await markState(profile, await portfolioSettingsItem.get(), 'signedOut', null);
    return { wakeAt: null };
  }
  const premium = effectivePremium(profile);
  const freshMs = Math.max(60_000, freshnessMs(profile));
  for (let reads = 0; reads < MAX_READS_PER_RUN; reads++) {
    // Read before every answer: a run lasts minutes, and turning the refresh off (or alerts on) counts at once.
    const settings = await portfolioSettingsItem.get();
    if (!settings.refresh) {
      await markState(profile, settings, 'off', null);
      return { wakeAt: null };
    }
    const now = deps.now?.() ?? Date.now();
    const usage = await usageOf(deps, connection.value);
    const table = await loadTable(profile.id);
    if (!table) return { wakeAt: null }; // signed out meanwhile: the table went with the account
    const listStale = now - table.listedAt >= freshMs;
    const next = listStale ? null : staleReads(table.rows, premium, now, freshMs)[0];
    if (!listStale && !next) {
      await markState(profile, settings, null, usage);
      const rowsAt = nextStaleAt(table.rows, premium, freshMs);
      const listAt = table.listedAt + freshMs;
      return { wakeAt: rowsAt === null ? listAt : Math.min(rowsAt, listAt) };
    }
    const allowed = allowance(usage, settings.share, now);
    if (allowed.count <= 0) {
      await markState(profile, settings, 'budget', usage, allowed.wakeAt);
      return { wakeAt: allowed.wakeAt };
    }
    const answer = next
      ? await readInto(deps, connection.value, settings, next.buildingId, next.resource, 'background')
      : await readList(deps, connection.value, settings, 'background');
    if (!answer.ok && answer.error.kind === 'aborted') return { wakeAt: null };
    if (reads === 0) await markState(profile, settings, null, usage);
  }
  return { wakeAt: (deps.now?.() ?? Date.now()) + 1_000 };
}

/** The user's refresh of one row: its answers read now, at the user's priority. */
export async function refreshRow(
  deps: PortfolioDeps,
  profileId: string | undefined,
  buildingId: string,
): Promise<Result<PortfolioTable | null, AppError>> {
  const connection = await connect(deps, profileId);
  if (!connection.ok) return connection;
  const settings = await portfolioSettingsItem.get();
  const premium = effectivePremium(connection.value.profile);
  const resources: PortfolioResource[] = premium ? RESOURCES : ['details', 'rooms'];
  if (!(await loadTable(connection.value.profile.id))) {
    const { profile } = connection.value;
    await updateTable(profile.id, (current) => current ?? emptyTable(profile));
    await readList(deps, connection.value, settings, 'user');
  }
  const answers = await Promise.all(
    resources.map((resource) => readInto(deps, connection.value, settings, buildingId, resource, 'user')),
  );
  const aborted = answers.find((answer) => !answer.ok && answer.error.kind === 'aborted');
  if (aborted && !aborted.ok) return aborted;
  return { ok: true, value: await loadTable(connection.value.profile.id) };
}
