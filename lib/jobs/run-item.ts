/**
 * One item of a running job: its checked write (lib/jobs/checked-write.ts), tried again while a
 * read or write fails in a way that may pass, and what each outcome makes of the item. A write that
 * may or may not have reached the server is settled by the next attempt's write-time read.
 */
import type { ApiError } from '../api/errors';
import type { Target } from '../api/schemas';
import { BASIC_SLOTS } from '../api/slot-limits';
import type { JobItem } from '../storage/jobs';
import { checkedWrite } from './checked-write';
import {
  MAX_ATTEMPTS,
  type Refusals,
  type Run,
  TRANSIENT,
  describe,
  discarded,
  halted,
  pausedBy,
} from './run';

/**
 * Answers that refuse a whole target, not one slot: not the account's (404), premium only, or a
 * missing scope. The target's other slots are settled with the same reason without a request;
 * the job goes on with the other targets.
 */
const TARGET_REFUSALS: ApiError['kind'][] = ['notFound', 'premiumRequired', 'forbidden'];
const targetKey = (target: { kind: string; id: string }) => `${target.kind}\u0000${target.id}`;

type Step = { done: true } | { done: false; item: JobItem; attempts: number };
const DONE: Step = { done: true };

/** One item being applied: where it is in the job, and the target it writes. */
export interface Place {
  index: number;
  target: Target;
}

const PREMIUM_REFUSAL = 'premium';

function refusalOf(refusals: Refusals, place: Place, slot: number): string | undefined {
  return (
    refusals.get(targetKey(place.target)) ?? (slot > BASIC_SLOTS ? refusals.get(PREMIUM_REFUSAL) : undefined)
  );
}

function noteRefusal(refusals: Refusals | null, place: Place, error: ApiError): void {
  if (!refusals || !TARGET_REFUSALS.includes(error.kind)) return;
  refusals.set(error.kind === 'premiumRequired' ? PREMIUM_REFUSAL : targetKey(place.target), describe(error));
}

export async function applyItem(run: Run, item: JobItem, place: Place) {
  const { store } = run;
  const refused = run.refusals && refusalOf(run.refusals, place, item.slot);
  // A target already refused (not the account's, premium, a scope) costs no further request.
  if (refused && item.status === 'pending')
    return store.update(place.index, { status: 'failed', error: refused });
  let step: Step = { done: false, item, attempts: item.attempts };
  while (!step.done && step.attempts < MAX_ATTEMPTS) {
    // A cancelled or paused job neither reads nor stores anything more.
    if (halted(run)) return;
    const { item: next, attempts }: { item: JobItem; attempts: number } = step;
    // Each attempt is one checked write, under the slot's lock (held already through a document's).
    step = await attemptItem(run, next, place, attempts);
  }
  if (!step.done)
    await store.update(place.index, {
      status: 'failed',
      error: 'too many attempts',
      attempts: step.attempts,
    });
}

/** One attempt of an item: the checked write (lib/jobs/checked-write.ts) and what it means for the item. */
async function attemptItem(run: Run, item: JobItem, place: Place, attempts: number): Promise<Step> {
  const { job, store } = run;
  const { index, target } = place;
  if (halted(run)) return DONE;
  const seen = run.seen?.get(index);
  run.seen?.delete(index);
  const tried = attempts + 1;
  const outcome = await checkedWrite({
    config: run.config,
    secret: run.deps.secret,
    profileId: job.profileId,
    target,
    slot: item.slot,
    value: item,
    expected: item.expected ?? item.previous ?? null,
    ...(item.clears ? { clears: true } : {}),
    // A document's manifest is written again even when unchanged: its time must follow the pieces'.
    rewrite: job.finalSlot === item.slot && item.status === 'pending' && attempts === item.attempts,
    // A retried item backed its value up already: history keeps what the first attempt replaced.
    history: item.previous ? false : { jobId: job.id },
    locked: run.held === true,
    ...(seen ? { read: seen } : {}),
    caches: () => !discarded(job.id),
    // The item's backup and the slot's history are stored in one call, before the write is sent.
    beforeWrite: async (current, along) => {
      if (halted(run)) return false;
      await store.update(
        index,
        { status: 'writing', previous: item.previous ?? current, attempts: tried },
        along,
      );
      return !halted(run);
    },
    afterWrite: () => store.update(index, { status: 'done', attempts: tried }),
  });
  switch (outcome.status) {
    case 'unchanged': {
      // Either nothing to change, or an earlier attempt (perhaps before a worker restart) landed.
      const landed = item.status === 'writing' || attempts > item.attempts;
      await store.update(index, { status: landed ? 'done' : 'skipped', attempts });
      return DONE;
    }
    case 'conflict':
      await store.update(index, { status: 'conflict', conflict: outcome.current, attempts });
      return DONE;
    case 'stopped':
      return DONE;
    case 'written':
      // Stored as done by afterWrite, together with the cache of the written value.
      return DONE;
    case 'failed':
      return failedAttempt(run, item, place, attempts, outcome);
  }
}

/** A read or write that failed: retried when it may pass, else the item fails (its target perhaps refused). */
async function failedAttempt(
  run: Run,
  item: JobItem,
  place: Place,
  attempts: number,
  { stage, error }: { stage: 'read' | 'write'; error: ApiError },
): Promise<Step> {
  const { store } = run;
  const tried = stage === 'read' ? attempts : attempts + 1;
  if (pausedBy(run, error)) {
    // A 429 was not applied: the item is as before this attempt (its value backed up).
    if (stage === 'write' && error.kind === 'rateLimited')
      await store.update(place.index, { status: item.status, attempts });
    return DONE;
  }
  const retry = stage === 'read' ? tried + 1 : tried;
  if (TRANSIENT.includes(error.kind) && retry < MAX_ATTEMPTS) {
    if (stage === 'read') return { done: false, item, attempts: tried + 1 };
    const previous = item.previous ?? store.get().items[place.index]?.previous;
    return {
      done: false,
      item: { ...item, ...(previous ? { previous } : {}), status: 'writing' },
      attempts: tried,
    };
  }
  noteRefusal(run.refusals, place, error);
  await store.update(place.index, { status: 'failed', error: describe(error), attempts: tried });
  return DONE;
}
