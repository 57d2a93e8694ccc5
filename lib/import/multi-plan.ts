/**
 * The plan of a write across targets (a restore, a copy of one slot into many): per target and
 * slot, what it holds as far as known and what becomes of it; what the job will cost in requests
 * and time at the account's budget; and whether the job fits the storage it may use.
 *
 * What a slot holds is known when the profile has a fresh cached answer for it (a restore reads
 * nothing before Confirm), or when the preview read it (a copy). A slot not known is read once by
 * the job, under its write lock, right before it would be written: so a restore needs one read per
 * slot to restore and one write per slot that changes, and no read twice.
 */
import { PageOption, Target } from '../api/schemas';
import { BASIC_SLOTS } from '../slots/count';
import { isEmptySlot } from '../slots/clearing';
import { JOB_MAX_BYTES, storedSize } from '../storage/quota';
import { z } from '../zod';
import type { TargetWrites } from './format-schema';
import type { JobSlot } from './job';
import { perMinuteOf } from '../api/limits';

export const PlannedStatus = z.enum([
  /** Known to hold something else: written (read again just before, under the slot's lock). */
  'changed',
  /** Known to hold the value already: skipped without a request. */
  'unchanged',
  /** Not known: read by the job, written when it differs. */
  'unknown',
  /** Slot 11–20 of an account without premium. */
  'needsPremium',
  /** Past the extension's count, within the server's (a backup holds it): left as it is, never written. */
  'overLimit',
  /** A target the account does not own (not in its building list): nothing is sent for it. */
  'notYours',
]);
export type PlannedStatus = z.infer<typeof PlannedStatus>;

export const PlannedSlot = z.object({
  slot: z.int(),
  title: z.string(),
  data: z.string(),
  current: z.nullable(PageOption),
  status: PlannedStatus,
});
export type PlannedSlot = z.infer<typeof PlannedSlot>;

export const TargetPlan = z.object({
  target: Target,
  name: z.optional(z.string()),
  slots: z.array(PlannedSlot),
});
export type TargetPlan = z.infer<typeof TargetPlan>;

export const PlanCost = z.object({
  reads: z.int(),
  /** At most this many writes: an unknown slot may turn out to hold the value already. */
  writes: z.int(),
  /** Slots known to hold the value already. */
  skipped: z.int(),
  /** The budget the estimate is made at, per minute (learned by the scheduler, or assumed). */
  perMinute: z.number(),
  minutes: z.number(),
});
export type PlanCost = z.infer<typeof PlanCost>;

export const PlanStorage = z.object({ bytes: z.int(), max: z.int() });
export type PlanStorage = z.infer<typeof PlanStorage>;

export interface PlanKnowledge {
  premium: boolean;
  /** What the slot holds, when known (fresh cache, or read for the preview); else null. */
  current(target: Target, slot: number): PageOption | null;
  /** False for a target known not to be the account's; true or null (unknown) otherwise. */
  owned(target: Target): boolean | null;
  /** The account's clearing text ('' unless its server refused empty text). */
  placeholder: string;
}

/** What an empty slot of a document is written as: the account's clearing text (README). */
export function clearingWrite(slot: { title: string; data: string }, placeholder: string) {
  if (slot.title !== '' || slot.data !== '' || placeholder === '') return slot;
  return { title: placeholder, data: placeholder };
}

function holdsAlready(current: PageOption, wanted: { title: string; data: string }, placeholder: string) {
  if (wanted.title === '' && wanted.data === '') return isEmptySlot(current, placeholder);
  return current.title === wanted.title && current.data === wanted.data;
}

function statusOf(target: Target, slot: TargetWrites['slots'][number], known: PlanKnowledge): PlannedStatus {
  if (known.owned(target) === false) return 'notYours';
  if (slot.slot > BASIC_SLOTS && !known.premium) return 'needsPremium';
  if (slot.overLimit) return 'overLimit';
  const current = known.current(target, slot.slot);
  if (!current) return 'unknown';
  return holdsAlready(current, slot, known.placeholder) ? 'unchanged' : 'changed';
}

export function planTargets(targets: readonly TargetWrites[], known: PlanKnowledge): TargetPlan[] {
  return targets.map(({ target, name, slots }) => ({
    target,
    ...(name === undefined ? {} : { name }),
    slots: slots.map((slot) => {
      const write = clearingWrite(slot, known.placeholder);
      return {
        slot: slot.slot,
        title: write.title,
        data: write.data,
        current: known.current(target, slot.slot),
        status: statusOf(target, slot, known),
      };
    }),
  }));
}

export type PlanCounts = Record<PlannedStatus, number>;

export function countsOf(slots: readonly PlannedSlot[]): PlanCounts {
  const counts: PlanCounts = {
    changed: 0,
    unchanged: 0,
    unknown: 0,
    needsPremium: 0,
    overLimit: 0,
    notYours: 0,
  };
  for (const slot of slots) counts[slot.status] += 1;
  return counts;
}

const toWrite = (slot: PlannedSlot) => slot.status === 'changed' || slot.status === 'unknown';
/**
 * What the job reads: every slot it may write, and every slot the preview saw holding its value
 * already. That sight may be a cached answer minutes old: the job reads it once more and leaves it
 * when it still holds the value, and shows it as a conflict (both values) when it changed since.
 */
const toCheck = (slot: PlannedSlot) => toWrite(slot) || slot.status === 'unchanged';

/** How many of the plans' slots the job may write. */
export const writeCount = (plans: readonly TargetPlan[]) =>
  plans.reduce((sum, plan) => sum + plan.slots.filter(toWrite).length, 0);

/** The job's slots: each slot to check, a known one with the value the preview showed. */
export function jobSlotsOf(plans: readonly TargetPlan[]): (JobSlot & { target: Target })[] {
  return plans.flatMap(({ target, slots }) =>
    slots.filter(toCheck).map(({ slot, title, data, current }) => ({
      target,
      slot,
      title,
      data,
      ...(current ? { expected: { title: current.title, data: current.data } } : {}),
    })),
  );
}

/** Requests (one read per slot to check, at most one write per slot to write) and minutes at `budget`. */
export function planCost(
  plans: readonly TargetPlan[],
  budget: { limit: number; windowMs: number } | null,
): PlanCost {
  const slots = plans.flatMap((plan) => plan.slots);
  const reads = slots.filter(toCheck).length;
  const writes = slots.filter(toWrite).length;
  const perMinute = perMinuteOf(budget);
  return {
    reads,
    writes,
    skipped: slots.filter((s) => s.status === 'unchanged').length,
    perMinute,
    minutes: (reads + writes) / perMinute,
  };
}

/**
 * What the job takes in storage: the job itself (each slot's new value, the value it expects and
 * the value it replaces) and the replaced values in history, kept while the job can be undone. A
 * replaced value not known yet is counted at the size of the value that replaces it (a restore puts
 * back content of the kind that was there).
 */
export function planStorage(plans: readonly TargetPlan[]): PlanStorage {
  const bytes = plans
    .flatMap(({ target, slots }) => slots.filter(toCheck).map((slot) => ({ target, slot })))
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
    cost: planCost(targets, { limit: preview.cost.perMinute, windowMs: 60_000 }),
    storage: { bytes: planStorage(targets).bytes, max: preview.storage.max },
  };
}
