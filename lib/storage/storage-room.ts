/**
 * Bounded storage. Each profile has a budget per family (lib/storage/quota.ts: all profiles
 * together stay well inside the browser's quota): cached answers (evicted oldest first, before
 * every write: cache.ts), history (oldest entries first, never the backups of an import that can
 * still be undone). Drafts are never evicted: what the user typed goes only when they save or
 * discard it; a new draft that would take the drafts past their budget is not kept, and the page
 * says so while the text is still on screen (`keepDraft`). When the
 * browser's quota is hit anyway, room is made (cached answers first, then the oldest history) and
 * the write is tried again; the caller learns whether the replaced value (or the draft) was kept.
 */
import type { Target } from '../api/schemas';
import { cacheFamily } from './cache';
import { type Draft, draftFamily, putDraft, readDraft, removeDraft } from './drafts';
import type { Family } from './family';
import { firstViewUsage, refreshFirstView } from './first-view';
import { type HistoryEntry, historyFamily } from './history';
import { profilesItem } from './profiles';
import { type Budgets, budgetsFor, isQuotaError, storedSize as sizeOf } from './quota';

/** One profile's budgets now (they shrink as profiles are added: all together stay within the total). */
export async function profileBudgets(): Promise<Budgets> {
  return budgetsFor((await profilesItem.get()).list.length);
}

/** Import ids whose backups must stay: finished imports that can still be undone. */
export type ProtectedJobs = (profileId: string) => Promise<ReadonlySet<string>>;

/** Removes the oldest entries of a family until it fits `budget`; returns the bytes freed. */
async function evictOldest<T>(
  family: Family<T>,
  profileId: string,
  budget: number,
  timeOf: (value: T) => number,
  /** Bytes the family's budget also covers (the first view, made of cached answers). */
  alsoCounted = 0,
): Promise<number> {
  const entries = await family.entries(profileId);
  let total = alsoCounted + entries.reduce((sum, e) => sum + sizeOf(e.key, e.value), 0);
  let freed = 0;
  for (const entry of entries.sort((a, b) => timeOf(a.value) - timeOf(b.value))) {
    if (total <= budget) break;
    const size = sizeOf(entry.key, entry.value);
    await family.remove(profileId, ...entry.parts);
    total -= size;
    freed += size;
  }
  return freed;
}

/** Drops the oldest history entries (of any slot) until the profile's history fits `budget`. */
async function trimHistory(profileId: string, budget: number, keep: ReadonlySet<string>): Promise<number> {
  const entries = await historyFamily.entries(profileId);
  const all = entries.flatMap((e) => e.value.map((entry) => ({ slot: e, entry })));
  let total = entries.reduce((sum, e) => sum + sizeOf(e.key, e.value), 0);
  const before = total;
  const drop = new Set<HistoryEntry>();
  for (const { entry } of all.sort((a, b) => a.entry.time - b.entry.time)) {
    if (total <= budget) break;
    if (entry.jobId && keep.has(entry.jobId)) continue;
    drop.add(entry);
    total -= JSON.stringify(entry).length + 1;
  }
  for (const slot of entries) {
    const kept = slot.value.filter((entry) => !drop.has(entry));
    if (kept.length === slot.value.length) continue;
    if (kept.length === 0) await historyFamily.remove(profileId, ...slot.parts);
    else await historyFamily.set(kept, profileId, ...slot.parts);
  }
  return before - total;
}

export async function enforceBudgets(
  profileId: string,
  keep: ReadonlySet<string> = new Set(),
): Promise<void> {
  const budgets = await profileBudgets();
  const firstView = (await firstViewUsage(profileId))?.bytes ?? 0;
  const evicted = await evictOldest(cacheFamily, profileId, budgets.cache, (v) => v.savedAt, firstView);
  // The first view shows cached answers: it goes with them (or keeps what is still cached).
  if (evicted > 0) await refreshFirstView();
  await trimHistory(profileId, budgets.history, keep);
}

/** Frees room when the quota is hit: every profile's cached answers, then this profile's oldest history. */
export async function makeRoom(profileId: string, keep: ReadonlySet<string> = new Set()): Promise<void> {
  const { list } = await profilesItem.get();
  for (const profile of list) await cacheFamily.removeAll(profile.id);
  await refreshFirstView();
  await trimHistory(profileId, budgetsFor(list.length).history / 2, keep);
}

export type KeptDraft = 'kept' | 'madeRoom' | 'notKept' | 'draftsFull';

/**
 * True when a new draft (none was stored for its slot) takes the profile's drafts past their
 * budget: it is removed again and the page says so. An update of a kept draft always stays.
 */
async function pastDraftBudget(profileId: string, isNew: boolean): Promise<boolean> {
  if (!isNew) return false;
  const entries = await draftFamily.entries(profileId);
  const total = entries.reduce((sum, e) => sum + sizeOf(e.key, e.value), 0);
  return total > (await profileBudgets()).draft;
}

/**
 * Keeps what the user typed. The draft is written at once (a page closing must not wait for a read
 * first); a new one past the drafts' budget is then taken back: 'draftsFull'. When the browser's
 * quota refuses it, every profile's cached answers (which can be read again) are removed and the
 * draft is written again; 'notKept' tells the page to say that the draft could not be kept.
 * History is never given up for a draft, nor another draft.
 */
export async function keepDraft(
  profileId: string,
  target: Target,
  option: number,
  draft: Draft,
): Promise<KeptDraft> {
  // Read before the write is issued, so it sees whether this slot had a draft; the write waits for nothing.
  const stored = readDraft(profileId, target, option).catch(() => null);
  try {
    await putDraft(profileId, target, option, draft);
    if (!(await pastDraftBudget(profileId, (await stored) === null))) return 'kept';
    await removeDraft(profileId, target, option);
    return 'draftsFull';
  } catch (error) {
    if (!isQuotaError(error)) throw error;
  }
  const { list } = await profilesItem.get();
  for (const profile of list) await cacheFamily.removeAll(profile.id);
  await refreshFirstView();
  try {
    await putDraft(profileId, target, option, draft);
    return 'madeRoom';
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    return 'notKept';
  }
}

const pending = new Map<string, ReturnType<typeof setTimeout>>();

/** Enforces the budgets a little after a burst of writes, once, keeping the backups `protectedJobs` names. */
export function scheduleBudget(profileId: string, protectedJobs: ProtectedJobs, delayMs = 2_000): void {
  if (pending.has(profileId)) return;
  pending.set(
    profileId,
    setTimeout(() => {
      pending.delete(profileId);
      void protectedJobs(profileId)
        .then((keep) => enforceBudgets(profileId, keep))
        .catch(() => undefined);
    }, delayMs),
  );
}
