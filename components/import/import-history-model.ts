/**
 * The import history: every job of the profile as stored, newest first, followed through storage
 * changes; for each import whether its Undo is still possible, and why not. An Undo over slots the
 * extension last saw changed since (a cached answer newer than the import holding something else)
 * says which and asks first: those slots are left as they are (shown to decide), the others go back.
 */
import { createModel, effect, signal } from '@preact/signals';
import { PageOption, type Target } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';
import { itemTarget } from '../../lib/jobs/job';
import { optionParts, readCached } from '../../lib/storage/cache';
import { type Job, isUnsettledJob, jobFamily, readJobs } from '../../lib/storage/jobs';

export type UndoState = 'possible' | 'undone' | 'gone' | 'running' | 'nothingWritten' | 'isUndo';

export interface HistoryRow {
  job: Job;
  targets: number;
  written: number;
  undo: UndoState;
}

/** Each job as the history shows it: what, how many slots, and whether Undo is possible. */
export function historyRows(jobs: readonly Job[]): HistoryRow[] {
  const undone = new Set(jobs.flatMap((j) => (j.kind === 'undo' && j.undoOf ? [j.undoOf] : [])));
  return jobs
    .toSorted((a, b) => b.createdAt - a.createdAt)
    .map((job) => {
      const targets = new Set(job.items.map((item) => JSON.stringify(itemTarget(job, item)))).size;
      const written = job.items.filter((item) => item.status === 'done').length;
      const undo: UndoState =
        job.kind === 'undo'
          ? 'isUndo'
          : isUnsettledJob(job)
            ? 'running'
            : undone.has(job.id)
              ? 'undone'
              : job.undoGone
                ? 'gone'
                : written === 0
                  ? 'nothingWritten'
                  : 'possible';
      return { job, targets, written, undo };
    });
}

export interface ChangedSlot {
  target: Target;
  slot: number;
}

/** The slots the import wrote that a later cached answer shows holding something else. */
async function changedSince(job: Job): Promise<ChangedSlot[]> {
  const changed: ChangedSlot[] = [];
  for (const item of job.items) {
    if (item.status !== 'done') continue;
    const target = itemTarget(job, item);
    const cached = await readCached(job.profileId, optionParts(target, item.slot), PageOption);
    if (!cached || cached.savedAt < job.createdAt) continue;
    if (cached.value.title !== item.title || cached.value.data !== item.data)
      changed.push({ target, slot: item.slot });
  }
  return changed;
}

/** The profile's jobs, newest first, with one job stored anew (or removed: null). */
function withJob(jobs: readonly Job[], id: string, job: Job | null): Job[] {
  const others = jobs.filter((j) => j.id !== id);
  return job ? [job, ...others].toSorted((a, b) => b.createdAt - a.createdAt) : others;
}

export const ImportHistoryModel = createModel(
  (profileId: string, undoJob: (id: string) => Promise<AppError | null>) => {
    const jobs = signal<readonly Job[]>([]);
    /** An Undo waiting for the user's word: the import and the slots changed since. */
    const asking = signal<{ id: string; changed: ChangedSlot[] } | null>(null);
    const busy = signal<string | null>(null);
    const error = signal<AppError | null>(null);

    effect(() => {
      let live = true;
      let loaded = false;
      const load = () =>
        void readJobs(profileId).then((list) => {
          if (!live) return;
          jobs.value = list;
          loaded = true;
        });
      load();
      // A running job changes with every slot: the change carries the job, so the others are not
      // read again (a read of every job is a read of the whole storage area, slow in Firefox).
      const stop = jobFamily.watch(profileId, ([id], job) => {
        if (!loaded) return load();
        jobs.value = withJob(jobs.peek(), id ?? '', job);
      });
      return () => {
        live = false;
        stop();
      };
    });

    const run = async (id: string) => {
      asking.value = null;
      busy.value = id;
      error.value = await undoJob(id);
      busy.value = null;
    };

    return {
      jobs,
      asking,
      busy,
      error,
      undo: async (id: string) => {
        const job = jobs.peek().find((j) => j.id === id);
        if (!job || busy.peek()) return;
        const changed = await changedSince(job);
        if (changed.length > 0) asking.value = { id, changed };
        else await run(id);
      },
      confirm: async () => {
        const id = asking.peek()?.id;
        if (id) await run(id);
      },
      dismiss: () => (asking.value = null),
    };
  },
);

export type ImportHistoryModel = InstanceType<typeof ImportHistoryModel>;
