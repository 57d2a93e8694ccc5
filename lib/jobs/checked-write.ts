/**
 * The one checked write of every writer (a save, a job's item, "Keep mine"): under the slot's write
 * lock (lib/slots/write-lock.ts), read the slot at write time, decide by the one conflict rule
 * (lib/slots/conflict.ts: it must hold the content the writer was shown), keep the replaced value
 * in the slot's history, write, and cache what the slot now holds. No earlier read stands in for
 * the write-time read (but one made under the same lock hold, `read`), so history always holds the
 * value the write actually replaced, and a second writer's read sees this write.
 *
 *   lock ─► read ─┬─ failed ────────────────────────────────────► failed (stage 'read')
 *                 ├─ holds the new value already ────────────────► unchanged
 *                 ├─ not what the writer was shown ──────────────► conflict (with the current value)
 *                 └─ history ─► beforeWrite? ─┬─ no ─────────────► stopped
 *                                             └─ write ─┬─ fails ► failed (stage 'write')
 *                                                       └─ ok ───► written (cached, afterWrite)
 *
 * Storage round trips are few (each is slow in Firefox, whose storage.local is IndexedDB): the read
 * is cached while the rest goes on; a job's progress is stored in the same call as the history
 * (`beforeWrite`'s `along`), and after the write the cache and `afterWrite` are stored at once.
 */
import * as api from '../api/client';
import type { ApiConfig } from '../api/http-config';
import type { ApiError } from '../api/errors';
import type { PageOption, Target } from '../api/schemas';
import { isEmptySlot } from '../slots/clearing';
import { isConflict, sameContent } from '../slots/conflict';
import { slotLockKey, withSlotLock } from '../slots/write-lock';
import { type KeptReplaced, historyEntry, keepReplaced, replacedHistory } from '../storage/keep-replaced';
import type { PendingWrites } from '../storage/stored-item';
import { optionParts, writeCached } from '../storage/cache';

interface Content {
  title: string;
  data: string;
}

export interface CheckedWrite {
  config: ApiConfig;
  secret: string;
  profileId: string;
  target: Target;
  slot: number;
  /** What is written. */
  value: Content;
  /** What the writer was shown as the slot's value; null: not known, whatever it holds is replaced. */
  expected: Content | null;
  /** The value empties the slot: a slot holding nothing (empty, or only the value's text) holds it. */
  clears?: boolean;
  /** Written even when the slot holds the value already (a save; a document's manifest). */
  rewrite?: boolean;
  /** The replaced value goes to history under this job's id (Undo finds it); false: already kept. */
  history: { jobId?: string } | false;
  /** The caller holds the slot's lock already (a document's check, holding every slot's). */
  locked?: boolean;
  /** The write-time read, made under the lock the caller holds (`locked`). */
  read?: PageOption;
  /** Whether what is read and written goes to the cache (false: the job's account is signing out). */
  caches?: () => boolean;
  /**
   * Last word before the write: false stops it, nothing written ('stopped'). What it stores, it
   * stores with the values `along` makes (the replaced value's history) in one storage call.
   */
  beforeWrite?: (current: PageOption, along?: PendingWrites) => Promise<boolean>;
  /** Stored once the write is sent, while the cache takes what the slot now holds. */
  afterWrite?: () => Promise<void>;
}

export type CheckedOutcome =
  | { status: 'written'; option: PageOption; replaced: PageOption; kept: KeptReplaced | null }
  | { status: 'unchanged'; current: PageOption }
  | { status: 'conflict'; current: PageOption }
  | { status: 'stopped'; current: PageOption }
  | { status: 'failed'; stage: 'read' | 'write'; error: ApiError };

/** Whether a slot holding `current` holds the value already. */
export const holdsValue = (current: Content, value: Content, clears = false) =>
  sameContent(current, value) || (clears && isEmptySlot(current, value.title));

export function checkedWrite(write: CheckedWrite): Promise<CheckedOutcome> {
  if (write.locked) return underLock(write);
  return withSlotLock(slotLockKey(write.config.baseUrl, write.target, write.slot), () => underLock(write));
}

async function underLock(write: CheckedWrite): Promise<CheckedOutcome> {
  const { config, profileId, target, slot } = write;
  const caches = write.caches ?? (() => true);
  const read = write.read
    ? { ok: true as const, value: write.read }
    : await api.readOption(config, target, slot);
  if (!read.ok) return { status: 'failed', stage: 'read', error: read.error };
  const current = read.value;
  // What the slot holds now is known: every view shows it, and nothing reads it again while fresh.
  // Cached while the rest goes on (cache writes keep their order: the written value comes later).
  const cachedRead = caches()
    ? writeCached(profileId, optionParts(target, slot), current, Date.now())
    : Promise.resolve();
  try {
    return await decideAndWrite(write, current);
  } finally {
    await cachedRead;
  }
}

async function decideAndWrite(write: CheckedWrite, current: PageOption): Promise<CheckedOutcome> {
  const { config, profileId, target, slot, value } = write;
  if (!write.rewrite && holdsValue(current, value, write.clears)) return { status: 'unchanged', current };
  if (isConflict(current, write.expected)) return { status: 'conflict', current };
  const { kept, go } = await keepAndConfirm(write, current);
  if (!go) return { status: 'stopped', current };
  const written = await api.writeOption(config, target, {
    apiSecret: write.secret,
    option: slot,
    title: value.title,
    data: value.data,
  });
  if (!written.ok) return { status: 'failed', stage: 'write', error: written.error };
  // No read after the write: the slot keeps what was written, marked as written now, and is
  // reconciled by the next read (a write costs its write-time read and the write, nothing more).
  const option = { title: value.title, data: value.data, lastUpdated: new Date().toISOString() };
  const caches = write.caches ?? (() => true);
  await Promise.all([
    caches() ? writeCached(profileId, optionParts(target, slot), option, Date.now()) : undefined,
    write.afterWrite?.(),
  ]);
  return { status: 'written', option, replaced: current, kept };
}

/** The replaced value kept (with what `beforeWrite` stores, in one call), and whether the write goes on. */
async function keepAndConfirm(
  write: CheckedWrite,
  current: PageOption,
): Promise<{ kept: KeptReplaced | null; go: boolean }> {
  const { profileId, target, slot, beforeWrite } = write;
  if (!write.history) return { kept: null, go: beforeWrite ? await beforeWrite(current) : true };
  const entry = historyEntry(current, Date.now(), write.history.jobId);
  if (!beforeWrite) return { kept: await keepReplaced(profileId, target, slot, entry), go: true };
  // A job's item keeps the replaced value as its backup; the history goes with it (storage permitting).
  return { kept: 'kept', go: await beforeWrite(current, replacedHistory(profileId, target, slot, entry)) };
}
