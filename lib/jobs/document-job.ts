/**
 * The job half of a document across slots (the format is lib/slots/document.ts): what a previewed
 * document write hands to its job, what a settled document job left in the slots, and the retry
 * of one held back by a conflict.
 */
import type { PageOption } from '../api/schemas';
import type { DocumentLayout } from '../slots/document-layout';
import type { SlotContent } from '../slots/document';
import { sameContent } from '../slots/conflict';
import type { Job, JobItem } from '../storage/jobs';
import type { PlannedStatus } from './write-plan';

/**
 * The slots a previewed document write hands to its job: every one, a piece shown holding its new
 * value already included. The job reads each at write time before writing any (issue 33, finding
 * 6): an unchanged piece costs that read and no write, and one another writer changed since stops
 * the whole document as a conflict, so the site never serves pieces of two writers. The manifest is
 * always written (its time must follow the pieces').
 */
export function documentJobSlots<I extends { slot: number; unchanged: boolean }>(
  items: readonly I[],
  _manifestSlot: number,
): I[] {
  return [...items];
}

/** One slot of a document's write as previewed: the new value against the value shown. */
export interface DocumentPreviewItem extends SlotContent {
  /** What the slot held when the user began editing (null: not known, read before writing). */
  current: PageOption | null;
  unchanged: boolean;
  /** The write plan's status (lib/jobs/write-plan.ts): the same statuses as every preview. */
  status: Extract<PlannedStatus, 'changed' | 'unchanged' | 'unknown'>;
}

/**
 * A planned write previewed against the editor's baseline (`base`: what each slot held when the user
 * began editing), without a request: the job then checks each slot it writes against that value,
 * so a piece another writer changed since is a conflict. A piece is left out as unchanged only when
 * the slot as the editor shows it now (`shown`) holds its new value already; one the editor saw
 * change since is written against the baseline, and so stops as a conflict. The manifest is never
 * unchanged (rewritten so its time follows the pieces').
 */
export function documentPreview(
  writes: readonly SlotContent[],
  base: readonly (PageOption | null)[],
  shown: readonly (PageOption | null)[],
  manifestSlot: number,
): DocumentPreviewItem[] {
  return writes.map((write) => {
    const now = shown[write.slot - 1] ?? null;
    const current = base[write.slot - 1] ?? now;
    const holds = now !== null && sameContent(now, write);
    const unchanged = holds && write.slot !== manifestSlot;
    const status = unchanged ? 'unchanged' : current ? 'changed' : 'unknown';
    return { ...write, current, unchanged, status };
  });
}

/** Whether `job` writes a document of this layout into `target`. */
const isDocumentJob = (job: Job, target: { kind: string; id: string }, layout: DocumentLayout) =>
  job.finalSlot === layout.manifestSlot &&
  job.target.kind === target.kind &&
  job.target.id === target.id &&
  job.items.every((item) => !item.target);

/**
 * What a settled document job left in the slots it wrote (by slot): the page knows it without
 * reading them again. Empty while the job runs (the manifest is not written yet) or for another job.
 */
export function writtenByJob(
  job: Job | null | undefined,
  target: { kind: string; id: string },
  layout: DocumentLayout,
): Map<number, PageOption> {
  const written = new Map<number, PageOption>();
  if (!job || job.state === 'running' || !isDocumentJob(job, target, layout)) return written;
  for (const item of job.items)
    if (item.status === 'done')
      written.set(item.slot, { title: item.title, data: item.data, lastUpdated: null });
  return written;
}

/**
 * What any settled job of this extension left in `target`'s slots (by slot): a document job, an
 * import, an Undo, a restore's items there. The editor's baseline moves on by it (issue 33, finding
 * 7): only another writer's change is a conflict, never the extension's own.
 */
export function writtenInTarget(
  job: Job | null | undefined,
  target: { kind: string; id: string },
): Map<number, PageOption> {
  const written = new Map<number, PageOption>();
  if (!job || job.state === 'running') return written;
  for (const item of job.items) {
    const at = item.target ?? job.target;
    if (item.status === 'done' && at.kind === target.kind && at.id === target.id)
      written.set(item.slot, { title: item.title, data: item.data, lastUpdated: null });
  }
  return written;
}

/**
 * The slots as the page shows them, with what a settled document job wrote in place of the value
 * it replaced (or of one not read yet): right after the job, while the slots are read again, the
 * document shows as written, never as a mix of old and new pieces. Only the very version the job
 * replaced (same text and time) is taken for a read from before it; a slot that holds anything
 * else, even the old text written again since (a new time), is shown as it is.
 */
export function withWritten(
  slots: readonly (PageOption | null)[],
  job: Job | null | undefined,
  target: { kind: string; id: string },
  layout: DocumentLayout,
): readonly (PageOption | null)[] {
  const written = writtenByJob(job, target, layout);
  if (written.size === 0) return slots;
  const replaced = new Map(job?.items.map((item) => [item.slot, item.previous]));
  return slots.map((shown, i) => {
    const value = written.get(i + 1);
    if (!value) return shown;
    const before = replaced.get(i + 1);
    const stale =
      shown === null ||
      (before !== undefined && sameContent(shown, before) && shown.lastUpdated === before.lastUpdated);
    return stale ? value : shown;
  });
}

/**
 * A document job held back by a conflict, written again once the user chose to keep the document
 * over `chosen` (a slot in conflict): every slot it did not write, `chosen` now expected to hold
 * the value seen there. Another slot still in conflict stops the new job again, for its own choice.
 */
export function documentRetrySlots(job: Job, chosen: JobItem) {
  return job.items
    .filter((item) => item.status === 'conflict' || item.status === 'cancelled' || item.status === 'failed')
    .map(({ slot, title, data, expected, conflict }) => {
      const shown =
        slot === chosen.slot && conflict ? { title: conflict.title, data: conflict.data } : expected;
      return { slot, title, data, ...(shown ? { expected: shown } : {}) };
    });
}
