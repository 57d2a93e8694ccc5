/**
 * Import, export and undo in the worker. The page only previews and confirms: every document is
 * parsed and checked here again (the page is never trusted), and the job runs here, persisted, so
 * it goes on when the page closes and resumes when a stopped worker starts again.
 */
import * as api from '../api/client';
import { placed } from '../api/http-config';
import { fail, ok } from '../api/errors';
import { PageOption, type Target } from '../api/schemas';
import { exportDocument } from '../import/format-export';
import { parseImportDocument } from '../import/import-parser';
import { itemKey, newJob, undoSlots } from '../jobs/job';
import { afterSettles, settleConflict } from '../jobs/settle';
import { planCost, planSlot } from '../jobs/write-plan';
import { isUnsettledJob, jobRoom, readJob } from '../storage/jobs';
import { cancelJob, isActive, resumeJob, startJob } from '../jobs/launcher';
import { writeJobs } from '../jobs/runner';
import type { ResponseOf } from '../messaging/protocol';
import type { Handlers } from '../messaging/router';
import { SLOT_READ_CONCURRENCY, mapPool } from '../slots/pool';
import { slotNumbers } from '../slots/validate';
import { optionParts } from '../storage/cache';
import { cachedRead } from '../cache/cached-read';
import { effectivePremium } from '../storage/settings';
import { type Connection, type WorkerDeps, connect, keyBudget, keyRoom, profileOf } from '../connection';
import { sightsOf } from './slot-sights';

const UNDO_GONE = 'its backups made room in storage for newer jobs: Undo is no longer possible';
const noRoom = (bytes: number, max: number) =>
  `needs ${Math.ceil(bytes / 1024)} KB of storage with the jobs still running, at most ${Math.ceil(max / 1024)} KB: undo once they have finished`;

/**
 * The current values of `slots`, read from the API first in line (what the user just clicked) and
 * kept in the profile's cache: the import that follows uses them as its backups and baseline.
 */
async function readAll(connection: Connection, target: Target, slots: number[]) {
  const config = placed(connection.config, 'user');
  const reads = await mapPool(slots, SLOT_READ_CONCURRENCY, (option) =>
    cachedRead(
      connection.profile,
      { priority: 'user' },
      { parts: optionParts(target, option), schema: PageOption },
      () => api.readOption(config, target, option),
    ),
  );
  const failed = reads.find((read) => !read.ok);
  if (failed && !failed.ok) return failed;
  return ok(reads.map((read) => (read.ok ? read.value : null)));
}

export function importHandlers(
  deps: WorkerDeps,
): Pick<
  Handlers,
  | 'previewImport'
  | 'startImport'
  | 'undoImport'
  | 'cancelImport'
  | 'resumeImport'
  | 'settleConflict'
  | 'exportSlots'
> {
  /** The undo of a finished import: every slot it wrote back to the value it replaced. */
  async function undoImport(
    id: string,
    context: Parameters<Handlers['undoImport']>[1],
  ): Promise<ResponseOf<'undoImport'>> {
    const profile = await profileOf(context);
    const job = profile ? await readJob(profile.id, id) : undefined;
    if (!job || job.kind === 'undo') return fail({ kind: 'badMessage', message: `no import ${id}` });
    if (isUnsettledJob(job)) return fail({ kind: 'badMessage', message: `the import is still ${job.state}` });
    if (job.undoGone) return fail({ kind: 'invalidInput', field: 'undo', message: UNDO_GONE });
    const connection = await connect(deps, context);
    if (!connection.ok) return connection;
    if (!connection.value.secret) return fail({ kind: 'notConfigured', missing: ['secret'] });
    const undo = newJob(connection.value.profile.id, 'undo', job.target, undoSlots(job), job.id);
    // Checked before it starts: Undo never stops for want of storage.
    const room = await jobRoom(undo);
    if (room.bytes > room.max)
      return fail({ kind: 'invalidInput', field: 'undo', message: noRoom(room.bytes, room.max) });
    await startJob(deps, writeJobs, undo, connection.value);
    return ok({ id: undo.id });
  }

  return {
    /**
     * The write plan of a one-target import: a slot freshly cached is shown as of its time and
     * costs nothing to preview; one not known is "read before writing", or read now with `read`.
     */
    async previewImport({ document, read }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const premium = effectivePremium(connection.value.profile);
      const checked = parseImportDocument({ value: document }, { premium, shape: 'single' });
      if (!checked.ok) return ok({ status: 'problems' as const, problems: checked.problems });
      const [parsed] = checked.targets;
      const { target } = parsed;
      const slots = parsed.slots.map(({ slot }) => ({ target, slot }));
      const { sight } = await sightsOf(connection.value, slots, read ?? false);
      // Checked by the format already (premium, range): every slot is the account's to plan.
      const context_ = { premium: true, placeholder: '', owned: true };
      const items = parsed.slots.map((slot) => {
        const planned = planSlot(slot, sight(target, slot.slot), context_);
        return { ...planned, unchanged: planned.status === 'unchanged' };
      });
      const cost = planCost(
        items,
        await keyBudget(deps, connection.value),
        await keyRoom(deps, connection.value),
      );
      return ok({ status: 'ready' as const, target, items, cost });
    },

    async startImport({ target, slots, finalSlot }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      if (!connection.value.secret) return fail({ kind: 'notConfigured', missing: ['secret'] });
      // Checked again here: what the page previewed is not trusted to be what it sends.
      const checked = parseImportDocument(
        { value: { target, slots: slots.map(({ slot, title, data }) => ({ slot, title, data })) } },
        { premium: effectivePremium(connection.value.profile), shape: 'single' },
      );
      if (!checked.ok) {
        const first = checked.problems[0];
        return fail({
          kind: 'invalidInput',
          field: 'slots',
          message: first ? `${first.path}: ${first.message}` : 'invalid',
        });
      }
      const [parsed] = checked.targets;
      // What the preview showed as each slot's value: the job overwrites a slot only while it still
      // holds that, so a change made after the preview becomes a conflict, never lost.
      const withExpected = parsed.slots.map((slot, index) => {
        const expected = slots[index]?.expected;
        return expected ? { ...slot, expected } : slot;
      });
      const job = newJob(
        connection.value.profile.id,
        finalSlot === undefined ? 'import' : 'document',
        parsed.target,
        withExpected,
        undefined,
        finalSlot,
      );
      await startJob(deps, writeJobs, job, connection.value);
      return ok({ id: job.id });
    },

    /** Waits for the settles asked before it: its undo covers every slot they wrote (issue 33, finding 5). */
    undoImport({ id }, context) {
      return afterSettles(() => undoImport(id, context));
    },

    async cancelImport({ id }, context) {
      const profile = await profileOf(context);
      const job = profile ? await readJob(profile.id, id) : undefined;
      if (!job) return fail({ kind: 'badMessage', message: `no job ${id}` });
      if (!isUnsettledJob(job)) return fail({ kind: 'badMessage', message: 'the job is not running' });
      // A running job stops before its next write; one not running here (or paused) is settled at once.
      await cancelJob(deps, writeJobs, job);
      return ok({ id });
    },

    /** A paused job goes on where it stopped: only its open slots, each read again before its write. */
    async resumeImport({ id }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      if (!connection.value.secret) return fail({ kind: 'notConfigured', missing: ['secret'] });
      const job = await readJob(connection.value.profile.id, id);
      if (!job) return fail({ kind: 'badMessage', message: `no job ${id}` });
      if (job.state !== 'paused') return fail({ kind: 'badMessage', message: 'the job is not paused' });
      await resumeJob(deps, writeJobs, job, connection.value);
      return ok({ id });
    },

    /** A conflict of a finished job settled as part of it: counted, kept in history, undone by its Undo. */
    async settleConflict({ id, target, slot, choice }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const { secret, profile } = connection.value;
      if (!secret) return fail({ kind: 'notConfigured', missing: ['secret'] });
      if (isActive(id)) return fail({ kind: 'badMessage', message: 'the job is still running' });
      // What the user just asked for: its read and write go first.
      const config = placed(connection.value.config, 'user');
      const key = itemKey({ slot, ...(target ? { target } : {}) });
      return settleConflict({ config, secret, profileId: profile.id }, { id, key, choice });
    },

    async exportSlots({ target }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const options = slotNumbers(effectivePremium(connection.value.profile));
      const read = await readAll(connection.value, target, options);
      if (!read.ok) return read;
      const slots = options.map((slot, index) => {
        const value = read.value[index];
        return {
          slot,
          title: value?.title ?? '',
          data: value?.data ?? '',
          lastUpdated: value?.lastUpdated ?? null,
        };
      });
      return ok(exportDocument(target, slots));
    },
  };
}
