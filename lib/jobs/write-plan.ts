/**
 * The one write plan of every job (an import, a restore, a copy to many, a document across slots,
 * an undo; a slot's save checks its one slot itself, lib/jobs/checked-write.ts): per slot, the value the user was shown and what the job will do with it.
 *
 * The value shown is a fresh cached answer (with its time: "as of 2 min ago"), a read made for
 * this preview (the user asked to see current values), or not known: then the job reads it before
 * writing. The job reads each slot it may write once, under the slot's lock, right before writing
 * (lib/jobs/runner.ts): it writes when the slot holds the value shown (for one not known,
 * whatever it holds, kept in history for Undo), skips it when it holds the new value already, and
 * otherwise reports a conflict with both values, for the user to settle. A slot shown holding the
 * new value already costs nothing; one a cached answer showed holding it costs its read, and is
 * written only if the user chooses so (it changed since: another writer's value is never replaced
 * unseen). So a plan's floor is one read per slot it may write and one write per slot shown
 * holding something else or not known.
 *
 * Pure: no storage, no requests. The worker fills in what it knows; every preview shows the same
 * statuses and the same cost line.
 */
import { Budget } from '../api/budget';
import { ASSUMED_BUDGET, minutesAt, perMinuteOf } from '../api/limits';
import { PageOption, SlotValue } from '../api/schemas';
import { isFresh } from '../cache/fresh';
import { isEmptySlot } from '../slots/clearing';
import { BASIC_SLOTS } from '../api/slot-limits';
import { sameContent } from '../slots/conflict';
import { z } from '../zod';

export const PlannedStatus = z.enum([
  /** Shown holding something else: written after its write-time read, if it still holds that. */
  'changed',
  /** Shown holding the value already (read at the user's request, or by the editor): skipped without a request. */
  'unchanged',
  /**
   * A restore or copy: a cached answer (not read now) held the value already. It may have changed
   * since (another writer): read right before writing; one that no longer holds it is a conflict,
   * shown with both values and written only if the user chooses so.
   */
  'heldWhenSeen',
  /** Not known: read right before writing, written whatever it holds (kept for Undo). */
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
  ...SlotValue.shape,
  /** The value the user is shown as the slot's current one; null when not known. */
  current: z.nullable(PageOption),
  /** When that value was answered (epoch ms): its age is shown with it. */
  seenAt: z.optional(z.number()),
  status: PlannedStatus,
});
export type PlannedSlot = z.infer<typeof PlannedSlot>;

export const PlanCost = z.object({
  /** One write-time read per slot that may be written. */
  reads: z.int(),
  /**
   * At most this many writes: the slots shown holding something else or not known (one not known
   * may turn out to hold the value already). A slot shown holding the value is only read.
   */
  writes: z.int(),
  /** Slots shown holding the value already: no request. */
  skipped: z.int(),
  /** The budget the estimate is made at, per minute (learned by the scheduler, or assumed). */
  perMinute: z.number(),
  minutes: z.number(),
  /** That budget, and where it came from (learned when, announced, set in the options, assumed). */
  budget: z.optional(Budget),
});
export type PlanCost = z.infer<typeof PlanCost>;

/** What the preview knows of one slot: a value and when it was answered. */
export interface SlotSight {
  value: PageOption;
  seenAt: number;
  /** Read now, at the user's request (not a cached answer). */
  readNow?: boolean;
}

/**
 * A cached answer as a sight: only while it is younger than the freshness window. An older one is
 * never shown as current (the slot is then "read before writing").
 */
export function freshSight(
  cached: { value: PageOption; savedAt: number } | null,
  now: number,
  freshMs: number,
): SlotSight | null {
  return cached && isFresh(cached.savedAt, now, freshMs)
    ? { value: cached.value, seenAt: cached.savedAt }
    : null;
}

/** Whether a slot holding `current` holds `wanted` already (an empty write: empty or the placeholder). */
export function holdsAlready(
  current: { title: string; data: string },
  wanted: { title: string; data: string },
  placeholder: string,
): boolean {
  if (wanted.title === '' && wanted.data === '') return isEmptySlot(current, placeholder);
  return sameContent(current, wanted);
}

/** What an empty slot is written as: the account's clearing text ('' unless its server refused it). */
export function clearingWrite(slot: { title: string; data: string }, placeholder: string) {
  if (slot.title !== '' || slot.data !== '' || placeholder === '') return slot;
  return { title: placeholder, data: placeholder };
}

export interface SlotContext {
  premium: boolean;
  placeholder: string;
  /** False for a target known not to be the account's. */
  owned: boolean | null;
  /**
   * A restore or copy: a slot is said to hold its value already only of a value read now; a cached
   * one that holds it is 'heldWhenSeen' (checked at write time, never skipped on its word).
   */
  sameOnlyReadNow?: boolean;
}

/** One slot of the plan: the value to write, the value shown (with its time) and the status. */
export function planSlot(
  wanted: { slot: number; title: string; data: string; overLimit?: boolean },
  sight: SlotSight | null,
  context: SlotContext,
): PlannedSlot {
  const write = clearingWrite(wanted, context.placeholder);
  const status: PlannedStatus =
    context.owned === false
      ? 'notYours'
      : wanted.slot > BASIC_SLOTS && !context.premium
        ? 'needsPremium'
        : wanted.overLimit
          ? 'overLimit'
          : !sight
            ? 'unknown'
            : !holdsAlready(sight.value, wanted, context.placeholder)
              ? 'changed'
              : context.sameOnlyReadNow && !sight.readNow
                ? 'heldWhenSeen'
                : 'unchanged';
  return {
    slot: wanted.slot,
    title: write.title,
    data: write.data,
    current: sight?.value ?? null,
    ...(sight ? { seenAt: sight.seenAt } : {}),
    status,
  };
}

/** A slot the job may write: each costs one read (under its lock, right before) and at most one write. */
export const mayWrite = (slot: Pick<PlannedSlot, 'status'>) =>
  slot.status === 'changed' || slot.status === 'unknown' || slot.status === 'heldWhenSeen';

/**
 * A slot the job writes without asking again: one shown holding something else (while it still
 * holds that) or not known. One shown holding the value already is only read: if another writer
 * changed it since, the user is shown both values first.
 */
export const writesUnasked = (slot: Pick<PlannedSlot, 'status'>) =>
  slot.status === 'changed' || slot.status === 'unknown';

/**
 * The job's slot: the value to write and, when one was shown (different, or holding the value
 * already: a document's piece), the value it must still hold; one whose value was not known is
 * written over whatever it holds now, kept for Undo.
 */
export function jobSlotOf(slot: PlannedSlot): {
  slot: number;
  title: string;
  data: string;
  expected?: { title: string; data: string };
} {
  return {
    slot: slot.slot,
    title: slot.title,
    data: slot.data,
    // A slot shown holding its value already (a document's piece; a restore's slot as a cached
    // answer held it) expects that value too: without it, one another writer changed since would be
    // overwritten unasked. Only a slot shown no value is written over whatever it holds.
    ...(slot.current && slot.status !== 'unknown'
      ? { expected: { title: slot.current.title, data: slot.current.data } }
      : {}),
  };
}

/**
 * The job's requests (one read per slot it may write, at most one write per slot it writes unasked)
 * and minutes at `budget`, with `room` requests the key's window still holds now.
 */
export function planCost(slots: readonly PlannedSlot[], budget: Budget | null, room = 0): PlanCost {
  const reads = slots.filter(mayWrite).length;
  const writes = slots.filter(writesUnasked).length;
  return {
    reads,
    writes,
    skipped: slots.filter((s) => s.status === 'unchanged').length,
    perMinute: perMinuteOf(budget),
    minutes: minutesAt(reads + writes, budget, room),
    budget: budget ?? ASSUMED_BUDGET,
  };
}

/**
 * What showing the current value of every slot not known (or known only from a cached answer that
 * held the value already) costs before Confirm (one read each): "Show current values: 12 requests,
 * about 1 min". Those reads stand in for no write-time read.
 */
export function readCost(
  slots: readonly PlannedSlot[],
  budget: Budget | null,
): { reads: number; minutes: number } {
  const reads = slots.filter((s) => s.status === 'unknown' || s.status === 'heldWhenSeen').length;
  return { reads, minutes: minutesAt(reads, budget) };
}

/** The budget a cost was made at (one made by an older version: its rate per minute). */
export const budgetOfCost = (cost: PlanCost): Budget =>
  cost.budget ?? { limit: cost.perMinute, windowMs: 60_000, source: 'assumed' };
