/**
 * The plan of a write across targets (a restore, a copy of one slot into many): per target and
 * slot, what it holds as far as known and what becomes of it; what the job will cost in requests
 * and time at the account's budget; and whether the job fits the storage it may use.
 *
 * Each slot is planned by the one write plan (lib/jobs/write-plan.ts): a slot read for the preview
 * (the user asked) holding its value costs nothing; a slot that may change costs its write-time
 * read and at most one write; one that held its value only in a cached answer costs its read, and
 * if another writer changed it since, it is a conflict shown with both values: the user chooses
 * whether the restore undoes that writer's change.
 */
import type { Budget } from '../api/budget';
import { type PageOption, Target } from '../api/schemas';
import { JOB_MAX_BYTES, storedSize } from '../storage/quota';
import { z } from '../zod';
import type { TargetWrites } from '../import/format-schema';
import type { JobSlot } from './job';
import {
  type PlanCost,
  PlannedSlot,
  type PlannedStatus,
  type SlotSight,
  budgetOfCost,
  jobSlotOf,
  mayWrite,
  planCost as slotsCost,
  planSlot,
} from './write-plan';

export const TargetPlan = z.object({
  target: Target,
  name: z.optional(z.string()),
  slots: z.array(PlannedSlot),
});
export type TargetPlan = z.infer<typeof TargetPlan>;

export const PlanStorage = z.object({
  bytes: z.int(),
  max: z.int(),
  /** What the kept jobs of every profile take now (they share one room: lib/storage/jobs.ts). */
  kept: z.optional(z.int()),
  /** The bytes each older job's undo data frees, oldest first: what goes when the room is short. */
  freeable: z.optional(z.array(z.int())),
});
export type PlanStorage = z.infer<typeof PlanStorage>;

export interface PlanKnowledge {
  premium: boolean;
  /** What the slot is shown holding (fresh cache, or read for the preview); else null. */
  current(target: Target, slot: number): PageOption | null;
  /** When that value was answered (epoch ms), when known. */
  seenAt?(target: Target, slot: number): number | undefined;
  /** Whether that value was read now, at the user's request (else a cached answer). */
  readNow?(target: Target, slot: number): boolean;
  /** False for a target known not to be the account's; true or null (unknown) otherwise. */
  owned(target: Target): boolean | null;
  /** The account's clearing text ('' unless its server refused empty text). */
  placeholder: string;
}

function sightOf(known: PlanKnowledge, target: Target, slot: number): SlotSight | null {
  const value = known.current(target, slot);
  if (!value) return null;
  const readNow = known.readNow?.(target, slot) ?? false;
  return { value, seenAt: known.seenAt?.(target, slot) ?? Date.now(), ...(readNow ? { readNow } : {}) };
}

export function planTargets(targets: readonly TargetWrites[], known: PlanKnowledge): TargetPlan[] {
  return targets.map(({ target, name, slots }) => {
    const context = {
      premium: known.premium,
      placeholder: known.placeholder,
      owned: known.owned(target),
      sameOnlyReadNow: true,
    };
    return {
      target,
      ...(name === undefined ? {} : { name }),
      slots: slots.map((slot) => planSlot(slot, sightOf(known, target, slot.slot), context)),
    };
  });
}

export type PlanCounts = Record<PlannedStatus, number>;

export function countsOf(slots: readonly PlannedSlot[]): PlanCounts {
  const counts: PlanCounts = {
    changed: 0,
    unchanged: 0,
    heldWhenSeen: 0,
    unknown: 0,
    needsPremium: 0,
    overLimit: 0,
    notYours: 0,
  };
  for (const slot of slots) counts[slot.status] += 1;
  return counts;
}

const slotsOf = (plans: readonly TargetPlan[]) => plans.flatMap((plan) => plan.slots);

/** How many of the plans' slots the job may write. */
export const writeCount = (plans: readonly TargetPlan[]) => slotsOf(plans).filter(mayWrite).length;

/** The job's slots: each slot it may write, a known one with the value the preview showed. */
export function jobSlotsOf(plans: readonly TargetPlan[]): (JobSlot & { target: Target })[] {
  return plans.flatMap(({ target, slots }) =>
    slots.filter(mayWrite).map((slot) => ({ target, ...jobSlotOf(slot) })),
  );
}

/** Requests (one read and at most one write per slot it may write) and minutes at `budget`. */
export const planCost = (plans: readonly TargetPlan[], budget: Budget | null, room = 0): PlanCost =>
  slotsCost(slotsOf(plans), budget, room);

/**
 * What the job takes in storage: the job itself (each slot's new value, the value it expects and
 * the value it replaces) and the replaced values in history, kept while the job can be undone. A
 * replaced value not known yet is counted at the size of the value that replaces it (a restore puts
 * back content of the kind that was there).
 */
export function planStorage(plans: readonly TargetPlan[]): PlanStorage {
  const bytes = plans
    .flatMap(({ target, slots }) => slots.filter(mayWrite).map((slot) => ({ target, slot })))
    .reduce((sum, { target, slot }) => {
      const replaced = slot.current ?? { title: slot.title, data: slot.data, lastUpdated: null };
      const item = {
        target,
        slot: slot.slot,
        title: slot.title,
        data: slot.data,
        ...(slot.current ? { expected: replaced } : {}),
        previous: replaced,
        status: 'pending',
        attempts: 0,
      };
      return sum + storedSize('', item) + storedSize('', replaced);
    }, 0);
  return { bytes, max: JOB_MAX_BYTES };
}

/**
 * How many older jobs lose their Undo when this one is kept: the oldest first, until the kept jobs
 * and this one fit the shared room. Never this job's own (a job within `max` fits alone). (Not a
 * parameter named `storage`: WXT's auto-imports take any such free name for its storage module,
 * which then rode in the worker and the editor's first chunks, 2.5 KB gzip each.)
 */
export function undoGoes(room: PlanStorage): number {
  let total = (room.kept ?? 0) + room.bytes;
  let goes = 0;
  for (const freed of room.freeable ?? []) {
    if (total <= room.max) break;
    total -= freed;
    goes += 1;
  }
  return goes;
}

/**
 * The plans of the targets the user keeps (a restore of a few targets out of a backup), with the
 * cost at the same budget and the storage they take, against the same bound.
 */
export function keepTargets<P extends { targets: TargetPlan[]; cost: PlanCost; storage: PlanStorage }>(
  preview: P,
  keep: (plan: TargetPlan) => boolean,
): P {
  const targets = preview.targets.filter(keep);
  return {
    ...preview,
    targets,
    cost: planCost(targets, budgetOfCost(preview.cost)),
    storage: { ...preview.storage, bytes: planStorage(targets).bytes },
  };
}
