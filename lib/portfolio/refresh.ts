/**
 * The portfolio's refresh, a service made from the worker's dependencies: one table per profile,
 * a row per building, and the background refresh that keeps it fresh within a share of the key's
 * budget. The refresh reads one stale answer at a time at background priority through the request
 * scheduler (so whatever the user asks for goes first), reuses every fresh cached answer, stops when
 * nothing is stale and says when to wake up again; all it knows lives in storage, so a stopped worker
 * goes on where it was.
 */
import { epochOf, systemClock } from '../api/clock';
import type { Result } from '../api/errors';
import { BuildingListEntry } from '../api/schemas';
import type { AppError } from '../app-error';
import { freshnessMs } from '../cache/fresh';
import { readCached } from '../storage/cache';
import {
  type PortfolioResource,
  type PortfolioSettings,
  type PortfolioTable,
  portfolioSettingsItem,
} from '../storage/portfolio';
import { type Profile, readProfile } from '../storage/profiles';
import { effectivePremium } from '../storage/settings';
import { type Connection, type WorkerDeps, connect, keyUsage } from '../connection';
import { z } from '../zod';
import { type BudgetUsage, allowance, nextStaleAt, roundEstimate, staleReads } from './refresh-plan';
import { type ReadDeps, followList, readInto, readList } from './reads';
import { RESOURCES, emptyTable } from './row';
import { ensureTable, loadTable, updateTable } from './table-store';

export interface PortfolioDeps extends WorkerDeps, ReadDeps {}

/** Each run reads at most this many answers; the next run (timer or alarm) goes on. */
const MAX_READS_PER_RUN = 200;

export function createPortfolioService(deps: PortfolioDeps) {
  const now = () => deps.now?.() ?? Date.now();

  async function usageOf(connection: Connection): Promise<BudgetUsage> {
    const { sends, waitingUntil, budget } = await keyUsage(deps, connection);
    // The refresh plans in epoch ms; the scheduler counts on the request path's clock.
    const clock = deps.clock ?? systemClock;
    return {
      sends: sends.map((sent) => epochOf(clock, sent)),
      waitingUntil: waitingUntil === null ? null : epochOf(clock, waitingUntil),
      budget: budget && { limit: budget.limit, windowMs: epochOf(clock, budget.windowMs) },
    };
  }

  /** The table says why the refresh waits (or that it does not) and what a round costs. */
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
  async function open(profile: Profile): Promise<PortfolioTable> {
    const existing = await loadTable(profile.id);
    if (existing && existing.listedAt > 0) return existing;
    const table = existing ?? emptyTable(profile);
    if (!existing) await updateTable(profile.id, (current) => current ?? table);
    const cached = await readCached(profile.id, ['buildings'], z.array(BuildingListEntry));
    if (!cached || now() - cached.savedAt >= freshnessMs(profile)) return table;
    await followList(deps, profile, await portfolioSettingsItem.get(), cached.value, cached.savedAt);
    return (await loadTable(profile.id)) ?? table;
  }

  /**
   * One run of the background refresh for the active profile: reads stale answers while the share of
   * the budget allows. Returns when to run again (null: nothing to do until something changes).
   */
  async function refresh(): Promise<{ wakeAt: number | null }> {
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
      const at = now();
      const usage = await usageOf(connection.value);
      const table = await loadTable(profile.id);
      if (!table) return { wakeAt: null }; // signed out meanwhile: the table went with the account
      const listStale = at - table.listedAt >= freshMs;
      const next = listStale ? null : staleReads(table.rows, premium, at, freshMs)[0];
      if (!listStale && !next) {
        await markState(profile, settings, null, usage);
        const rowsAt = nextStaleAt(table.rows, premium, freshMs);
        const listAt = table.listedAt + freshMs;
        return { wakeAt: rowsAt === null ? listAt : Math.min(rowsAt, listAt) };
      }
      const allowed = allowance(usage, settings.share, at);
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
    return { wakeAt: now() + 1_000 };
  }

  /** The user's refresh of one row: its answers read now, at the user's priority. */
  async function refreshRow(
    profileId: string | undefined,
    buildingId: string,
  ): Promise<Result<PortfolioTable | null, AppError>> {
    const connection = await connect(deps, profileId);
    if (!connection.ok) return connection;
    const { profile } = connection.value;
    const settings = await portfolioSettingsItem.get();
    const resources: PortfolioResource[] = effectivePremium(profile) ? RESOURCES : ['details', 'rooms'];
    if (!(await loadTable(profile.id))) {
      await ensureTable(profile);
      await readList(deps, connection.value, settings, 'user');
    }
    const answers = await Promise.all(
      resources.map((resource) => readInto(deps, connection.value, settings, buildingId, resource, 'user')),
    );
    const aborted = answers.find((answer) => !answer.ok && answer.error.kind === 'aborted');
    if (aborted && !aborted.ok) return aborted;
    return { ok: true, value: await loadTable(profile.id) };
  }

  return { open, refresh, refreshRow };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
