/**
 * A document job's phases around its writes: every slot it writes is read first, under all their
 * locks held through the writes, and nothing is written unless none changed; the manifest (its
 * final slot) is written only once every piece before it is.
 */
import * as api from '../api/client';
import type { PageOption } from '../api/schemas';
import { isConflict } from '../slots/conflict';
import { mapPool } from '../slots/pool';
import { slotLockKey, withSlotLock } from '../slots/write-lock';
import type { Job, JobItem } from '../storage/jobs';
import { holdsValue } from './checked-write';
import { isOpen, itemTarget } from './job';
import { IMPORT_CONCURRENCY, MAX_ATTEMPTS, type Run, TRANSIENT, describe, halted, pausedBy } from './run';

/** A new document job (nothing tried yet) checks every slot before writing any. */
export const checksFirst = (job: Job) =>
  job.finalSlot !== undefined && job.items.every((i) => i.status === 'pending' && i.attempts === 0);

/** Runs `body` holding the lock of every slot the job writes, taken in one order (no deadlock). */
export function holdingLocks(run: Run, body: () => Promise<void>): Promise<void> {
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
export async function checkFirst(run: Run): Promise<boolean> {
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
export async function applyFinal(
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
