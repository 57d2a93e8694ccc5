/**
 * The import job this page follows (the newest stored one, or the one it started), followed through
 * storage changes while the model lives, and what can be done with it: start, undo, cancel, resume,
 * settle its conflicts; and Export of a target.
 */
import { computed, createModel, effect, signal } from '@preact/signals';
import type { Target } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';
import { type Job, type JobItem, isUnsettledJob, jobFamily, readJob, readJobs } from '../../lib/storage/jobs';
import type { Send } from '../../lib/messaging/page-client';
import type {
  AcrossKind,
  ImportPreview,
  TargetSlotWrite,
  TargetsPreview,
} from '../../lib/messaging/protocol';
import { documentJobSlots, documentRetrySlots } from '../../lib/jobs/document-job';
import { refusedClears } from '../../lib/jobs/job';
import { DEFAULT_PLACEHOLDER } from '../../lib/slots/clearing';
import { jobSlotsOf } from '../../lib/jobs/multi-plan';
import { jobSlotOf } from '../../lib/jobs/write-plan';
import { download } from '../shared/json-download';
import { conflictsOf } from './conflicts';

/** A preview across targets ready to start (a restore, a copy). */
export type ReadyTargets = Extract<TargetsPreview, { status: 'ready' }>;

/** A conflict settled: the job's value written over it, or the server's kept. */
export type ConflictChoice = 'mine' | 'server';

export type Busy = 'starting' | 'undoing' | 'cancelling' | 'resuming' | 'exporting' | 'settling' | null;

/** Whether a stored job shows the act it was asked done: resumed (running), or cancelled (settled). */
const doneBy = (doing: Busy, job: Job) =>
  (doing === 'resuming' && job.state === 'running') || (doing === 'cancelling' && !isUnsettledJob(job));

const newest = (jobs: Job[]) => jobs.toSorted((a, b) => b.createdAt - a.createdAt)[0] ?? null;

export const JobModel = createModel((send: Send, profileId: string) => {
  const jobId = signal<string | null>(null);
  const stored = signal<Job | null>(null);
  const busy = signal<Busy>(null);
  const actionError = signal<AppError | null>(null);
  /** A settle answered that another tab settled it first (or undid its job). */
  const settledElsewhere = signal(false);
  /** The followed job as stored; null until its first answer. */
  const job = computed(() => {
    const value = stored.value;
    return value && value.id === jobId.value ? value : null;
  });

  // Disposed with the model, as the effects below: the newest stored job, unless one started first.
  effect(() => {
    let live = true;
    void readJobs(profileId).then((jobs) => {
      if (live && jobId.peek() === null) jobId.value = newest(jobs)?.id ?? null;
    });
    return () => {
      live = false;
    };
  });

  // The job with this id as stored: read once, then each progress step arrives as its key's change.
  effect(() => {
    const id = jobId.value;
    if (!id) return;
    let live = true;
    // A stored change is always newer than the first read, which may arrive after it.
    let changed = false;
    void readJob(profileId, id).then((job) => {
      if (live && !changed && job) stored.value = job;
    });
    const stop = jobFamily.watch(profileId, (parts, value) => {
      if (!live || parts[0] !== id || !value) return;
      changed = true;
      stored.value = value;
      if (doneBy(busy.peek(), value)) busy.value = null;
    });
    return () => {
      live = false;
      stop();
    };
  });

  /** Marks the model busy with `doing` and clears the last refusal; false while busy already. */
  const begin = (doing: Exclude<Busy, null>) => {
    if (busy.peek()) return false;
    busy.value = doing;
    actionError.value = null;
    return true;
  };

  /** Follows the job the worker took, or shows its refusal; the job's id, once taken. */
  const follow = (answer: { ok: true; value: { id: string } } | { ok: false; error: AppError }) => {
    if (!answer.ok) {
      actionError.value = answer.error;
      return undefined;
    }
    jobId.value = answer.value.id;
    return answer.value.id;
  };

  /** Sends one job across targets and follows it; resolves to its id once the worker has taken it. */
  const sendTargets = async (slots: TargetSlotWrite[], kind?: AcrossKind): Promise<string | undefined> => {
    busy.value = 'starting';
    actionError.value = null;
    const answer = await send('startTargets', kind ? { slots, kind } : { slots });
    busy.value = null;
    return follow(answer);
  };

  /** A document job held back by a conflict, started again with `chosen` expected to hold what it was seen holding. */
  const rewriteDocument = async (held: Job, chosen: JobItem) => {
    if (!begin('starting')) return;
    const answer = await send('startImport', {
      target: held.target,
      slots: documentRetrySlots(held, chosen),
      ...(held.finalSlot === undefined ? {} : { finalSlot: held.finalSlot }),
    });
    busy.value = null;
    follow(answer);
  };

  /** Asks the worker to settle one slot of `current` in conflict, as part of that job. */
  const settle = (current: Job, item: JobItem, choice: ConflictChoice) =>
    send('settleConflict', {
      id: current.id,
      ...(item.target ? { target: item.target } : {}),
      slot: item.slot,
      choice,
    });

  /** Shows what the worker answered to settles: a refusal, or that another tab settled one first. */
  const settled = (answers: Awaited<ReturnType<typeof settle>>[]) => {
    const refused = answers.find((answer) => !answer.ok);
    if (refused && !refused.ok) actionError.value = refused.error;
    settledElsewhere.value = answers.some((answer) => answer.ok && answer.value.status === 'alreadySettled');
  };

  /** Counts the acts asked: a late answer ends only the act asked last. */
  let acts = 0;
  /**
   * Asks the worker to act on the followed job, busy until its answer or until the stored job shows
   * the act done, whichever comes first (an answer held up under load leaves no button held); a
   * refusal is shown.
   */
  const act = async (type: 'cancelImport' | 'resumeImport', doing: 'cancelling' | 'resuming') => {
    const current = job.peek();
    if (!current || !begin(doing)) return;
    const asked = ++acts;
    const answer = await send(type, { id: current.id });
    // A late answer of an act the stored job ended already ends no act asked after it.
    if (asked === acts && busy.peek() === doing) busy.value = null;
    if (!answer.ok) actionError.value = answer.error;
  };

  return {
    job,
    busy,
    actionError,
    settledElsewhere,
    /** Starts writing a checked document; `onStarted` runs once the worker has taken it. */
    start: async (
      preview: Extract<ImportPreview, { status: 'ready' }>,
      onStarted: () => void,
      finalSlot?: number,
    ) => {
      if (!begin('starting')) return;
      const answer = await send('startImport', {
        target: preview.target,
        // Each slot with what the preview showed: the worker writes it only while it still holds
        // that. A document's job gets only what changes, and its manifest (lib/slots/document.ts).
        // A slot shown holding its value already is left without a request.
        slots: (finalSlot === undefined
          ? preview.items.filter((item) => !item.unchanged)
          : documentJobSlots(preview.items, finalSlot)
        ).map(jobSlotOf),
        ...(finalSlot === undefined ? {} : { finalSlot }),
      });
      busy.value = null;
      if (follow(answer)) onStarted();
    },
    /** Starts a checked write across targets (a restore, a copy): one job for every target. */
    startTargets: async (
      preview: ReadyTargets,
      onStarted: () => void,
      kind?: AcrossKind,
    ): Promise<string | undefined> => {
      if (busy.peek()) return undefined;
      const id = await sendTargets(jobSlotsOf(preview.targets), kind);
      if (id) onStarted();
      return id;
    },
    /**
     * The slots the server refused to clear with empty text: the account's placeholder is remembered
     * (as when the editor's clear was refused) and they are written with it, as one more job.
     */
    clearWithPlaceholder: async (): Promise<void> => {
      const current = job.peek();
      if (!current || busy.peek()) return;
      const refused = refusedClears(current);
      if (refused.length === 0) return;
      busy.value = 'starting';
      const { rememberPlaceholder } = await import('../../lib/storage/placeholder');
      await rememberPlaceholder(profileId, DEFAULT_PLACEHOLDER);
      await sendTargets(
        refused.map(({ target, slot, title, data }) => ({
          target,
          slot,
          title: title === '' ? DEFAULT_PLACEHOLDER : title,
          data: data === '' ? DEFAULT_PLACEHOLDER : data,
        })),
        current.kind === 'restore' || current.kind === 'copy' ? current.kind : undefined,
      );
    },
    /** Undoes the followed job; resolves to the undo's id once the worker has taken it. */
    undo: async (): Promise<string | undefined> => {
      const current = job.peek();
      if (!current || !begin('undoing')) return undefined;
      const answer = await send('undoImport', { id: current.id });
      busy.value = null;
      return follow(answer);
    },
    /** Undoes any kept import (the history's Undo) and follows the undo; its refusal, if any. */
    undoJob: async (id: string): Promise<AppError | null> => {
      if (!begin('undoing')) return null;
      const answer = await send('undoImport', { id });
      busy.value = null;
      follow(answer);
      return answer.ok ? null : answer.error;
    },
    cancel: () => act('cancelImport', 'cancelling'),
    /** Goes on with a job paused by the server's wait: the worker writes only its open slots. */
    resume: () => act('resumeImport', 'resuming'),
    /**
     * Settles a slot in conflict as part of the job (the worker writes "mine" over the value seen,
     * kept for the job's Undo): the stored job then shows it settled, or, when the slot changed yet
     * again, the newer value to decide on.
     */
    resolve: async (item: JobItem, choice: ConflictChoice) => {
      const current = job.peek();
      if (!current || !item.conflict) return;
      actionError.value = null;
      settledElsewhere.value = false;
      // A document held back whole: "mine" writes it again, over the value seen in that slot.
      if (choice === 'mine' && current.finalSlot !== undefined) return rewriteDocument(current, item);
      settled([await settle(current, item, choice)]);
    },
    /**
     * Settles every slot of the followed job in conflict with one choice ("Restore the backup's
     * value in all 6"): each as its own choice would, its write checked against the value it showed
     * (one changed yet again stays a conflict, with the newer value). Not a document's: it is
     * written whole, from its one conflict.
     */
    resolveAll: async (choice: ConflictChoice) => {
      const current = job.peek();
      if (!current || current.finalSlot !== undefined || !begin('settling')) return;
      settledElsewhere.value = false;
      // The worker settles them one after another, in the order asked.
      const answers = await Promise.all(
        conflictsOf(current.items).map((item) => settle(current, item, choice)),
      );
      busy.value = null;
      settled(answers);
    },
    /** Downloads what `target`'s slots hold as an import document. */
    exportTarget: async (target: Target | null) => {
      if (!target || !begin('exporting')) return;
      const answer = await send('exportSlots', { target });
      busy.value = null;
      if (!answer.ok) return void (actionError.value = answer.error);
      download(`page-options-${target.kind}-${target.id}.json`, `${JSON.stringify(answer.value, null, 2)}\n`);
    },
  };
});

export type JobModel = InstanceType<typeof JobModel>;
