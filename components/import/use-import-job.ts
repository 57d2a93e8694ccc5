/**
 * The import job this page follows (the newest stored one, or the one it started) and what can be
 * done with it: start, undo, cancel, settle its conflicts; and Export of the current target.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Target } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';
import { type ImportJob, type JobItem, jobFamily, readJobs } from '../../lib/storage/import-jobs';
import type { Send } from '../../lib/messaging/page-client';
import type { ImportPreview, TargetSlotWrite } from '../../lib/messaging/protocol';
import { documentJobSlots, documentRetrySlots } from '../../lib/slots/document';
import { refusedClears } from '../../lib/import/job';
import { DEFAULT_PLACEHOLDER } from '../../lib/slots/clearing';
import { jobSlotsOf } from '../../lib/import/multi-plan';
import { jobSlotOf } from '../../lib/import/write-plan';
import type { ReadyTargets } from './TargetPreview';
import { download } from './json-download';
import type { ConflictChoice } from './JobProgress';

export type Busy = 'starting' | 'undoing' | 'cancelling' | 'resuming' | 'exporting' | null;

const newest = (jobs: ImportJob[]) => jobs.toSorted((a, b) => b.createdAt - a.createdAt)[0] ?? null;

/** The job with this id as stored, followed through storage changes until the page goes. */
function useJob(id: string | null, send: Send, profileId: string): ImportJob | null {
  const [job, setJob] = useState<ImportJob | null>(null);
  useEffect(() => {
    if (!id) return setJob(null);
    let live = true;
    // A stored change is always newer than the first answer, which may arrive after it.
    let changed = false;
    void send('getImportJob', { id }).then((answer) => {
      if (live && !changed && answer.ok && answer.value) setJob(answer.value);
    });
    // The job is stored per profile and job: each progress step arrives as that key's change.
    const stop = jobFamily.watch(profileId, (parts, value) => {
      if (!live || parts[0] !== id || !value) return;
      changed = true;
      setJob(value);
    });
    return () => {
      live = false;
      stop();
    };
  }, [id, send, profileId]);
  return job && job.id === id ? job : null;
}

export function useImportJob(send: Send, profileId: string, onFinished?: (job: ImportJob) => void) {
  const [jobId, setJobId] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [actionError, setActionError] = useState<AppError | null>(null);
  const job = useJob(jobId, send, profileId);

  useEffect(() => {
    void readJobs(profileId).then((jobs) => setJobId((current) => current ?? newest(jobs)?.id ?? null));
  }, [profileId]);

  // Reported once per job seen running here, when it finishes (not for a job finished before).
  const seenRunning = useRef<string | null>(null);
  useEffect(() => {
    if (job?.state === 'running') seenRunning.current = job.id;
    else if (job && seenRunning.current === job.id) {
      seenRunning.current = null;
      onFinished?.(job);
    }
  }, [job, onFinished]);

  /** Starts writing a checked document; `onStarted` runs once the worker has taken it. */
  const start = async (
    preview: Extract<ImportPreview, { status: 'ready' }>,
    onStarted: () => void,
    finalSlot?: number,
  ) => {
    if (busy) return;
    setBusy('starting');
    setActionError(null);
    const answer = await send('startImport', {
      target: preview.target,
      // Each slot with what the preview showed: the worker writes it only while it still holds that.
      // A document's job gets only what changes, and its manifest (lib/slots/document.ts).
      // A slot shown holding its value already is left without a request.
      slots: (finalSlot === undefined
        ? preview.items.filter((item) => !item.unchanged)
        : documentJobSlots(preview.items, finalSlot)
      ).map(jobSlotOf),
      ...(finalSlot === undefined ? {} : { finalSlot }),
    });
    setBusy(null);
    if (!answer.ok) return setActionError(answer.error);
    setJobId(answer.value.id);
    onStarted();
  };

  /** Sends one job across targets and shows it; resolves to its id once the worker has taken it. */
  const sendTargets = async (slots: TargetSlotWrite[]): Promise<string | undefined> => {
    setBusy('starting');
    setActionError(null);
    const answer = await send('startTargets', { slots });
    setBusy(null);
    if (!answer.ok) return void setActionError(answer.error);
    setJobId(answer.value.id);
    return answer.value.id;
  };

  /** Starts a checked write across targets (a restore, a copy): one job for every target. */
  const startTargets = async (preview: ReadyTargets, onStarted: () => void): Promise<string | undefined> => {
    if (busy) return;
    const id = await sendTargets(jobSlotsOf(preview.targets));
    if (id) onStarted();
    return id;
  };

  /**
   * The slots the server refused to clear with empty text: the account's placeholder is remembered
   * (as when the editor's clear was refused) and they are written with it, as one more job.
   */
  const clearWithPlaceholder = async (): Promise<void> => {
    if (!job || busy) return;
    const refused = refusedClears(job);
    if (refused.length === 0) return;
    setBusy('starting');
    const { rememberPlaceholder } = await import('../../lib/storage/placeholder');
    await rememberPlaceholder(profileId, DEFAULT_PLACEHOLDER);
    await sendTargets(
      refused.map(({ target, slot, title, data }) => ({
        target,
        slot,
        title: title === '' ? DEFAULT_PLACEHOLDER : title,
        data: data === '' ? DEFAULT_PLACEHOLDER : data,
      })),
    );
  };

  /** Undoes the job shown; resolves to the undo's id once the worker has taken it. */
  const undo = async (): Promise<string | undefined> => {
    if (!job || busy) return;
    setBusy('undoing');
    setActionError(null);
    const answer = await send('undoImport', { id: job.id });
    setBusy(null);
    if (!answer.ok) return void setActionError(answer.error);
    setJobId(answer.value.id);
    return answer.value.id;
  };

  /** Asks the worker to act on the shown job, busy meanwhile; a refusal is shown. */
  const act = async (type: 'cancelImport' | 'resumeImport', doing: Busy) => {
    if (!job || busy) return;
    setBusy(doing);
    setActionError(null);
    const answer = await send(type, { id: job.id });
    setBusy(null);
    if (!answer.ok) setActionError(answer.error);
  };
  const cancel = () => act('cancelImport', 'cancelling');
  /** Goes on with a job paused by the server's wait: the worker writes only its open slots. */
  const resume = () => act('resumeImport', 'resuming');

  /**
   * Settles a slot in conflict as part of the job (the worker writes "mine" over the value seen,
   * kept for the job's Undo): the stored job then shows it settled, or, when the slot changed yet
   * again, the newer value to decide on.
   */
  const resolve = async (item: JobItem, choice: ConflictChoice) => {
    if (!job || !item.conflict) return;
    setActionError(null);
    // A document held back whole: "mine" writes it again, over the value seen in that slot.
    if (choice === 'mine' && job.finalSlot !== undefined) return rewriteDocument(job, item);
    const answer = await send('settleConflict', {
      id: job.id,
      ...(item.target ? { target: item.target } : {}),
      slot: item.slot,
      choice,
    });
    if (!answer.ok) setActionError(answer.error);
  };

  /** A document job held back by a conflict, started again with `chosen` expected to hold what it was seen holding. */
  const rewriteDocument = async (held: ImportJob, chosen: JobItem) => {
    if (busy) return;
    setBusy('starting');
    const answer = await send('startImport', {
      target: held.target,
      slots: documentRetrySlots(held, chosen),
      ...(held.finalSlot === undefined ? {} : { finalSlot: held.finalSlot }),
    });
    setBusy(null);
    if (!answer.ok) return setActionError(answer.error);
    setJobId(answer.value.id);
  };

  const exportTarget = async (target: Target | null) => {
    if (!target || busy) return;
    setBusy('exporting');
    setActionError(null);
    const answer = await send('exportSlots', { target });
    setBusy(null);
    if (!answer.ok) return setActionError(answer.error);
    download(`page-options-${target.kind}-${target.id}.json`, `${JSON.stringify(answer.value, null, 2)}\n`);
  };

  return {
    job,
    busy,
    actionError,
    start,
    startTargets,
    clearWithPlaceholder,
    undo,
    cancel,
    resume,
    resolve,
    exportTarget,
  };
}
