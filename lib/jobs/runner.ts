/**
 * Applies an import job in the worker: a bounded number of slots at once; for each, the current
 * value is read and kept in the slot history before it is overwritten. A write that failed in a
 * way that may or may not have reached the server is checked by re-reading before it is retried,
 * and an item interrupted mid-write (worker stopped) is settled the same way when resumed.
 * A slot is overwritten only while it holds the value to replace (an import: what its preview
 * showed; an undo: what the import wrote; a resumed import: the value backed up); anything else is
 * a conflict, left for the user. Every write is checked against a read made just before it, under
 * the slot's write lock (lib/slots/write-lock.ts): no earlier read stands in for it, so history
 * always holds the value the write actually replaced.
 * A job can be cancelled: it stops before its next write. A run that throws ends the job failed.
 * A 429 reaching the runner means the scheduler did not wait (the server asked for longer than
 * its cap, and every queued request of the key got the same answer): the job pauses before its
 * next write, its open slots left as they were, until the user resumes it.
 */
import * as api from '../api/client';
import type { ApiError } from '../api/errors';
import { MAX_WAIT_MS } from '../api/waits';
import type { PageOption, Target } from '../api/schemas';
import { BASIC_SLOTS } from '../slots/count';
import { mapPool } from '../slots/pool';
import { slotLockKey, withSlotLock } from '../slots/write-lock';
import { checkedWrite, holdsValue } from './checked-write';
import { isConflict } from '../slots/conflict';
import { type ImportJob, type JobItem, readJob, saveJob } from '../storage/import-jobs';
import { isAcrossTargets, isOpen, itemTarget, progressOf, settleJob } from './job';

export const IMPORT_CONCURRENCY = 3;
const MAX_ATTEMPTS = 3;
const TRANSIENT: ApiError['kind'][] = ['network', 'timeout', 'server'];

export interface RunnerDeps {
  config: api.ApiConfig;
  secret: string;
  onProgress?(job: ImportJob): void;
}

/**
 * Jobs asked to stop, checked before every read and write: 'cancel' ends the job as cancelled;
 * 'discard' (sign-out, whose caller removes the job) stops without storing anything more.
 */
const cancelRequests = new Map<string, 'cancel' | 'discard'>();

/** Asks a running job to stop before its next write. */
export function requestCancel(id: string, mode: 'cancel' | 'discard' = 'cancel'): void {
  cancelRequests.set(id, mode);
}

const discarded = (id: string) => cancelRequests.get(id) === 'discard';

/**
 * Answers that refuse a whole target, not one slot: not the account's (404), premium only, or a
 * missing scope. The target's other slots are settled with the same reason without a request;
 * the job goes on with the other targets.
 */
const TARGET_REFUSALS: ApiError['kind'][] = ['notFound', 'premiumRequired', 'forbidden'];
const targetKey = (target: { kind: string; id: string }) => `${target.kind}\u0000${target.id}`;

function describe(error: ApiError): string {
  return 'message' in error && error.message ? `${error.kind}: ${error.message}` : error.kind;
}

/** Serializes updates of one job: items finish concurrently but the stored job is one value. */
function jobStore(initial: ImportJob, onProgress?: (job: ImportJob) => void) {
  let job = initial;
  let chain = Promise.resolve();
  return {
    get: () => job,
    /** Changes the item at `index` of the job's items (a slot number repeats across targets). */
    update(index: number, change: Partial<JobItem>): Promise<void> {
      job = { ...job, items: job.items.map((i, at) => (at === index ? { ...i, ...change } : i)) };
      const snapshot = job;
      chain = chain.then(() => (discarded(snapshot.id) ? undefined : saveJob(snapshot)));
      onProgress?.(snapshot);
      return chain;
    },
    async finish(end: (job: ImportJob) => ImportJob): Promise<ImportJob> {
      job = end(job);
      const snapshot = job;
      chain = chain.then(() => saveJob(snapshot));
      await chain;
      onProgress?.(snapshot);
      return snapshot;
    },
  };
}

type Step = { done: true } | { done: false; item: JobItem; attempts: number };
const DONE: Step = { done: true };

/** One item being applied: where it is in the job, and the target it writes. */
interface Place {
  index: number;
  target: Target;
}

/** Refusals met in this run: by target (404, 403), and premium (401 for slots 11–20). */
type Refusals = Map<string, string>;
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

interface Run {
  job: ImportJob;
  deps: RunnerDeps;
  store: ReturnType<typeof jobStore>;
  /** Only a job across targets settles a refused target's slots unasked (one target: each is read). */
  refusals: Refusals | null;
  /** The server's wait past the cap, once a 429 reached this run: nothing more is sent. */
  pausedFor?: number;
  /** The run's requests: ended (queued or in flight) when it pauses. */
  config: api.ApiConfig;
  pause: AbortController;
  /** A document's slot locks, held from its check through its writes (see checkFirst). */
  held?: boolean;
  /** What the check read, by item index: the write-time read of that item's first attempt. */
  seen?: Map<number, PageOption>;
}

/** Whether the run sends nothing more: cancelled, discarded, or paused by the server's wait. */
const halted = (run: Run) => run.pausedFor !== undefined || cancelRequests.has(run.job.id);

/**
 * A 429 the scheduler did not wait out pauses the run, and ends its other requests: one queued
 * meanwhile would otherwise be sent once the key's capped wait is over. Any failure of a paused run
 * leaves its item open (a write perhaps sent is settled by the re-read when resumed).
 */
function pausedBy(run: Run, error: ApiError): boolean {
  if (error.kind === 'rateLimited' && run.pausedFor === undefined) {
    run.pausedFor = error.retryAfterMs ?? MAX_WAIT_MS;
    run.pause.abort();
  }
  return run.pausedFor !== undefined;
}

async function applyItem(run: Run, item: JobItem, place: Place) {
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
    beforeWrite: async (current) => {
      if (halted(run)) return false;
      await store.update(index, { status: 'writing', previous: item.previous ?? current, attempts: tried });
      return !halted(run);
    },
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
      await store.update(index, { status: 'done', attempts: tried });
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

/**
 * Runs (or resumes) a stored job to its end and returns it finished, cancelled, or failed with
 * the reason when the run threw (a full storage quota, a bug): never left running.
 */
export async function runJob(
  profileId: string,
  id: string,
  deps: RunnerDeps,
): Promise<ImportJob | undefined> {
  const job = await readJob(profileId, id);
  if (!job || job.state !== 'running') return job;
  const store = jobStore(job, deps.onProgress);
  const pause = new AbortController();
  const signals = deps.config.signal ? [deps.config.signal, pause.signal] : [pause.signal];
  const config = { ...deps.config, signal: AbortSignal.any(signals) };
  const run: Run = { job, deps, store, refusals: isAcrossTargets(job) ? new Map() : null, config, pause };
  const places = new Map(job.items.map((item, index) => [item, { index, target: itemTarget(job, item) }]));
  // A final slot splits the job: the items before it first, then it, then the rest.
  const finalIndex = job.items.findIndex((item) => item.slot === job.finalSlot);
  const before = finalIndex < 0 ? job.items : job.items.slice(0, finalIndex);
  const after = finalIndex < 0 ? [] : job.items.slice(finalIndex + 1);
  let broken = false;
  const apply = async (item: JobItem) => {
    // After one slot threw, the others stop too: the job's state can no longer be trusted.
    if (broken) return;
    const place = places.get(item);
    // As the job holds it now: a document's check may have settled it already.
    const now = place && store.get().items[place.index];
    if (!place || !now || !isOpen(now)) return;
    await applyItem(run, now, place).catch((error: unknown) => {
      broken = true;
      throw error;
    });
  };
  const writeAll = async () => {
    await mapPool(before.filter(isOpen), IMPORT_CONCURRENCY, apply);
    if (finalIndex >= 0) await applyFinal(run, before, apply);
    await mapPool(after.filter(isOpen), IMPORT_CONCURRENCY, apply);
  };
  try {
    if (checksFirst(job))
      await holdingLocks(run, async () => void ((await checkFirst(run)) && (await writeAll())));
    else await writeAll();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return failJob(store.get(), reason, deps);
  }
  const request = cancelRequests.get(id);
  cancelRequests.delete(id);
  if (request === 'discard') return undefined;
  if (request === 'cancel') return store.finish((current) => settleJob(current, 'cancelled', 'cancelled'));
  const waitMs = run.pausedFor;
  if (waitMs === undefined) return store.finish((current) => ({ ...current, state: 'finished' }));
  return store.finish((current) => ({
    ...current,
    state: 'paused',
    pause: { waitMs, resumeAt: Date.now() + waitMs },
  }));
}

/** A new document job (nothing tried yet) checks every slot before writing any. */
const checksFirst = (job: ImportJob) =>
  job.finalSlot !== undefined && job.items.every((i) => i.status === 'pending' && i.attempts === 0);

/** Runs `body` holding the lock of every slot the job writes, taken in one order (no deadlock). */
function holdingLocks(run: Run, body: () => Promise<void>): Promise<void> {
  const keys = [
    ...new Set(run.job.items.map((i) => slotLockKey(run.config.baseUrl, itemTarget(run.job, i), i.slot))),
  ];
  const hold = keys
    .sort()
    .reduceRight<() => Promise<void>>((inner, key) => () => withSlotLock(key, inner), body);
  run.held = true;
  return hold().finally(() => (run.held = false));
}

type Check =
  { kind: 'write' | 'skip' | 'conflict'; current: PageOption } | { kind: 'failed'; error: string } | null;

/** One slot's read of a document's check, with the job's verdict on it; null when the run halted. */
async function checkSlot(run: Run, item: JobItem): Promise<Check> {
  for (let attempts = 0; attempts < MAX_ATTEMPTS; attempts++) {
    if (halted(run)) return null;
    const read = await api.readOption(run.config, itemTarget(run.job, item), item.slot);
    if (read.ok) {
      const current = read.value;
      if (holdsValue(current, item, item.clears) && run.job.finalSlot !== item.slot)
        return { kind: 'skip', current };
      const expected = item.expected ?? item.previous;
      return { kind: isConflict(current, expected) ? 'conflict' : 'write', current };
    }
    if (pausedBy(run, read.error)) return null;
    if (!TRANSIENT.includes(read.error.kind)) return { kind: 'failed', error: describe(read.error) };
  }
  return { kind: 'failed', error: 'too many attempts' };
}

/**
 * A document's first phase: every slot it writes is read once (its write-time read, the locks held
 * through the writes). Only when none changed since the user was shown it is anything written;
 * otherwise the changed slots are conflicts with both values and the others are held back, so the
 * stored document stays whole until the user decides. True when the writes may go on.
 */
async function checkFirst(run: Run): Promise<boolean> {
  const { store } = run;
  const open = store.get().items.flatMap((item, index) => (isOpen(item) ? [{ item, index }] : []));
  const checks = await mapPool(open, IMPORT_CONCURRENCY, ({ item }) => checkSlot(run, item));
  if (halted(run)) return false;
  const stopped = open.filter((_, i) => checks[i]?.kind === 'conflict' || checks[i]?.kind === 'failed');
  const heldBack = `heldBack: slots ${stopped.map(({ item }) => item.slot).join(', ')}`;
  run.seen = new Map();
  for (const [i, { index }] of open.entries()) {
    const check = checks[i];
    if (!check) continue;
    if (check.kind === 'failed') await store.update(index, { status: 'failed', error: check.error });
    else if (check.kind === 'conflict')
      await store.update(index, { status: 'conflict', conflict: check.current });
    else if (check.kind === 'skip') await store.update(index, { status: 'skipped' });
    else if (stopped.length > 0) await store.update(index, { status: 'cancelled', error: heldBack });
    else run.seen.set(index, check.current);
  }
  return stopped.length === 0;
}

/** The final slot, once every slot before it is written or already held its value; else left as it was. */
async function applyFinal(
  run: Run,
  before: JobItem[],
  apply: (item: JobItem) => Promise<void>,
): Promise<void> {
  const { store } = run;
  const items = store.get().items;
  const final = items.find((i) => i.slot === store.get().finalSlot && isOpen(i));
  if (!final || halted(run)) return;
  const slots = new Set(before.map((i) => i.slot));
  const unwritten = items.filter((i) => slots.has(i.slot) && i.status !== 'done' && i.status !== 'skipped');
  if (unwritten.length === 0) return apply(final);
  await store.update(items.indexOf(final), {
    status: 'failed',
    error: `notWritten: slots ${unwritten.map((i) => i.slot).join(', ')}; manifest unchanged`,
  });
}

/** Stores the job as failed; if even that fails (storage full), the caller still gets the state. */
async function failJob(job: ImportJob, reason: string, deps: RunnerDeps): Promise<ImportJob> {
  cancelRequests.delete(job.id);
  const failed = settleJob(job, 'failed', 'failed', reason);
  try {
    await saveJob(failed);
  } catch {
    // Nothing more can be stored; the worker's start-up resume will meet it again.
  }
  deps.onProgress?.(failed);
  return failed;
}

export { progressOf };
