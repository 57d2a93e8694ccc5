/**
 * Writes across targets in the worker: the preview of a document with several targets (a restore)
 * or of one slot for many targets (a copy), and the job that writes it. The page's plan is never
 * trusted: what it confirms is checked here again (format, premium, storage) before a job starts.
 */
import * as api from '../api/client';
import { placed } from '../api/http-config';
import { fail, ok } from '../api/errors';
import type { Target } from '../api/schemas';
import { FactoryDiscovery } from '../factories/discovery';
import { parseImportDocument } from '../import/import-parser';
import { newJob } from '../jobs/job';
import { type PlanKnowledge, planCost, planStorage, planTargets } from '../jobs/multi-plan';
import type { Handlers } from '../messaging/router';
import { BuildingListEntry } from '../api/schemas';
import { answerParts, readCached } from '../storage/cache';
import { readFactories } from '../storage/added-factories';
import { sharedJobRoom } from '../storage/jobs';
import { readPlaceholder } from '../storage/placeholder';
import { effectivePremium } from '../storage/settings';
import { z } from '../zod';
import { cachedRead } from '../cache/cached-read';
import { type Connection, type WorkerDeps, connect, keyBudget, keyRoom } from '../connection';
import { startJob } from '../jobs/launcher';
import { writeJobs } from '../jobs/runner';
import { sightsOf } from './slot-sights';

/**
 * Which targets are the account's: buildings by the building list (a fresh cached one, else read
 * now: one request), factories by the cached factory list and those added by hand.
 */
async function ownership(connection: Connection) {
  const profileId = connection.profile.id;
  const config = placed(connection.config, 'user');
  const schema = z.array(BuildingListEntry);
  const list = await cachedRead(
    connection.profile,
    undefined,
    { parts: answerParts('buildings'), schema },
    () => api.listBuildings(config),
  );
  const buildings = list.ok ? { value: list.value } : null;
  const discovery = await readCached(profileId, ['factories'], FactoryDiscovery);
  const factories = new Set([
    ...(discovery?.value.factories ?? []).map((f) => f.id),
    ...(await readFactories(profileId)).map((f) => f.id),
  ]);
  const buildingIds = buildings ? new Set(buildings.value.map((b) => b.id)) : null;
  const factoryList = discovery ? discovery.value.unavailable === null : false;
  return (target: Target): boolean | null => {
    if (target.kind === 'building') return buildingIds ? buildingIds.has(target.id) : null;
    return factories.has(target.id) ? true : factoryList ? false : null;
  };
}

const kb = (bytes: number) => Math.ceil(bytes / 1024);

export function targetHandlers(deps: WorkerDeps): Pick<Handlers, 'previewTargets' | 'startTargets'> {
  return {
    async previewTargets({ document, read }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const { profile } = connection.value;
      const premium = effectivePremium(profile);
      const parsed = parseImportDocument({ value: document }, { premium });
      if (!parsed.ok) return ok({ status: 'problems' as const, problems: parsed.problems });
      const owned = await ownership(connection.value);
      const slots = parsed.targets.flatMap(({ target, slots: list }) =>
        list.map(({ slot }) => ({ target, slot })),
      );
      // "Read current values" reads every slot: a cached answer is never what a restore trusts.
      const { sight, refused } = await sightsOf(connection.value, slots, read ? 'all' : false);
      const known: PlanKnowledge = {
        premium,
        placeholder: await readPlaceholder(profile.id),
        current: (target, slot) => sight(target, slot)?.value ?? null,
        seenAt: (target, slot) => sight(target, slot)?.seenAt,
        readNow: (target, slot) => sight(target, slot)?.readNow ?? false,
        owned: (target) => (refused(target) ? false : owned(target)),
      };
      const plans = planTargets(parsed.targets, known);
      const budget = await keyBudget(deps, connection.value);
      return ok({
        status: 'ready' as const,
        targets: plans,
        cost: planCost(plans, budget, await keyRoom(deps, connection.value)),
        storage: { ...planStorage(plans), ...(await sharedJobRoom()) },
      });
    },

    async startTargets({ slots, kind }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      if (!connection.value.secret) return fail({ kind: 'notConfigured', missing: ['secret'] });
      const { profile } = connection.value;
      // Checked again here, as one document: the same target or slot twice, lengths, premium.
      const byTarget = new Map<string, { target: Target; slots: typeof slots }>();
      for (const slot of slots) {
        const id = `${slot.target.kind}\u0000${slot.target.id}`;
        const entry = byTarget.get(id) ?? { target: slot.target, slots: [] };
        entry.slots.push(slot);
        byTarget.set(id, entry);
      }
      const document = {
        targets: [...byTarget.values()].map((entry) => ({
          target: entry.target,
          slots: entry.slots.map(({ slot, title, data }) => ({ slot, title, data })),
        })),
      };
      const parsed = parseImportDocument({ value: document }, { premium: true, strict: true });
      const premium = effectivePremium(profile);
      const problem = !parsed.ok
        ? parsed.problems[0]
        : !premium && slots.some((s) => s.slot > 10)
          ? { path: 'slots', message: 'slots 11–20 need premium' }
          : undefined;
      if (problem || !parsed.ok)
        return fail({
          kind: 'invalidInput',
          field: 'slots',
          message: problem ? `${problem.path}: ${problem.message}` : 'invalid',
        });
      const plans = [...byTarget.values()].map((entry) => ({
        target: entry.target,
        slots: entry.slots.map((s) => ({
          slot: s.slot,
          title: s.title,
          data: s.data,
          current: s.expected ? { ...s.expected, lastUpdated: null } : null,
          status: s.expected ? ('changed' as const) : ('unknown' as const),
        })),
      }));
      const storage = planStorage(plans);
      if (storage.bytes > storage.max)
        return fail({
          kind: 'invalidInput',
          field: 'slots',
          message: `needs ${kb(storage.bytes)} KB of storage, at most ${kb(storage.max)} KB: restore fewer targets at once`,
        });
      const first = slots[0];
      if (!first) return fail({ kind: 'invalidInput', field: 'slots', message: 'no slot to write' });
      // A slot emptied with the account's clearing text: one already empty is not written again.
      const placeholder = await readPlaceholder(profile.id);
      const cleared = (s: { title: string; data: string }) =>
        s.title === s.data && (s.title === '' || s.title === placeholder);
      const items = slots.map((s) => (cleared(s) ? { ...s, clears: true } : s));
      const job = newJob(profile.id, kind ?? 'import', first.target, items);
      await startJob(deps, writeJobs, job, connection.value);
      return ok({ id: job.id });
    },
  };
}
