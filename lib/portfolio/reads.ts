/**
 * The portfolio's reads: one resource of one building, or the building list, through the cache and
 * the API at the priority asked, as the pages read them; the answer is kept in the cache and the row
 * (or every row) is rebuilt from the cache in the table's turn, and the alerts it gives are told.
 */
import * as api from '../api/client';
import { type ApiConfig, placed } from '../api/http-config';
import type { Result } from '../api/errors';
import type { Priority } from '../api/scheduler-types';
import { type Building, BuildingListEntry } from '../api/schemas';
import { cachedRead } from '../cache/cached-read';
import { answerParts, cacheFamily, readCached } from '../storage/cache';
import { rememberLabel, withRememberedLabels } from '../storage/labels';
import {
  type PortfolioResource,
  type PortfolioRow,
  type PortfolioSettings,
  alertBaselineFamily,
} from '../storage/portfolio';
import type { Profile } from '../storage/profiles';
import type { Connection } from '../connection';
import { z } from '../zod';
import { type AlertDeps, type PortfolioAlert, observeRow, tellAlerts } from './alerts';
import { RESOURCES, RESOURCE_SCHEMAS, type RowCache, buildRow, emptyTable } from './row';
import { updateTable } from './table-store';

export interface ReadDeps extends AlertDeps {
  now?: () => number;
}

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
    RESOURCES.map((r) => readCached(profileId, [r, entry.id], RESOURCE_SCHEMAS[r])),
  )) as RowCache;
  const row = buildRow(entry, cached, previous, lateAfterDays, now);
  return { row, alerts: await observeRow(profileId, row, cached, lateAfterDays, now) };
}

function readResource(config: ApiConfig, resource: PortfolioResource, id: string): Promise<Result<unknown>> {
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

/** Reads one resource of one building, keeps the answer, rebuilds the row and tells what changed. */
export async function readInto(
  deps: ReadDeps,
  connection: Connection,
  settings: PortfolioSettings,
  buildingId: string,
  resource: PortfolioResource,
  priority: Priority,
): Promise<Result<unknown>> {
  const { profile } = connection;
  const now = deps.now?.() ?? Date.now();
  // Like the page's reads: a fresh answer (the page just read it) costs nothing, and a read of it
  // under way (the page's or the round's) is shared; the user's refresh of a row always asks.
  const answer = await cachedRead(
    profile,
    priority === 'user' ? { priority } : undefined,
    { parts: answerParts(resource, buildingId), schema: RESOURCE_SCHEMAS[resource] },
    () => readResource(placed(connection.config, priority), resource, buildingId),
    () => deps.now?.() ?? Date.now(),
  );
  if (!answer.ok && answer.error.kind === 'aborted') return answer;
  if (answer.ok && resource === 'details')
    await rememberLabel(profile.id, buildingId, (answer.value as Building).label);
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
export async function readList(
  deps: ReadDeps,
  connection: Connection,
  settings: PortfolioSettings,
  priority: Priority,
): Promise<Result<unknown>> {
  const { profile } = connection;
  const now = deps.now?.() ?? Date.now();
  // A fresh list (the page just read it) costs nothing, and one under way is shared with the page.
  const answer = await cachedRead(
    profile,
    undefined,
    { parts: ['buildings'], schema: z.array(BuildingListEntry) },
    () => api.listBuildings(placed(connection.config, priority)),
    () => deps.now?.() ?? Date.now(),
  );
  if (!answer.ok) {
    if (answer.error.kind !== 'aborted')
      await updateTable(profile.id, (t) => (t ? { ...t, listedAt: now } : t));
    return answer;
  }
  await followList(deps, profile, settings, answer.value, now);
  return answer;
}

/** Rows follow the building list (a sold building loses its row, its alerts and its answers). */
export async function followList(
  deps: ReadDeps,
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
