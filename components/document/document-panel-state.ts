/**
 * What the document panel shows of the page while it is on screen, as signals of the import panel's
 * model: the slots (right after a document job, what it wrote), the stored document, and the edit's
 * baseline following both. Made inside that model, so its effects end with it.
 */
import { type ReadonlySignal, computed, effect, untracked } from '@preact/signals';
import type { PageOption, Target } from '../../lib/api/schemas';
import { withWritten, writtenInTarget } from '../../lib/jobs/document-job';
import { isManifestSlot } from '../../lib/slots/document';
import type { DocumentLayout } from '../../lib/slots/document-layout';
import { assembleDocument } from '../../lib/slots/document-read';
import type { Job } from '../../lib/storage/jobs';
import type { DocumentDraftModel } from './document-draft-model';

/** The document the slots hold now, if their manifest slot holds one. */
function storedDocument(slots: readonly (PageOption | null)[], layout: DocumentLayout) {
  const manifest = slots[layout.manifestSlot - 1];
  if (manifest === undefined) return { status: 'none' as const };
  if (manifest === null) return { status: 'loading' as const };
  if (!isManifestSlot(manifest, layout)) return { status: 'none' as const };
  const pieces = slots.slice(layout.manifestSlot);
  return { status: 'found' as const, document: assembleDocument(manifest, pieces, layout, slots.length) };
}

export interface DocumentSources {
  target: ReadonlySignal<Target | null>;
  /** The slots as read (index 0 = slot 1) and the clearing text; null: no document part. */
  slots: ReadonlySignal<{ slots: readonly (PageOption | null)[]; placeholder: string } | null>;
  /** The document part on screen (the editor's section, or every part). */
  onScreen: ReadonlySignal<boolean>;
  /** The job the page follows: once a document job of this target settles, what it wrote. */
  job: ReadonlySignal<Job | null | undefined>;
}

/** The document view (null while it is not on screen), and the baseline following it. */
export function documentView(draft: DocumentDraftModel, { target, slots, onScreen, job }: DocumentSources) {
  const view = computed(() => {
    const to = target.value;
    const read = slots.value;
    return to && read && onScreen.value
      ? {
          target: to,
          shown: withWritten(read.slots, job.value, to, draft.layout.value),
          placeholder: read.placeholder,
        }
      : null;
  });
  const stored = computed(() => storedDocument(view.value?.shown ?? [], draft.layout.value));

  // The baseline follows the edit: set when it begins, and moved on by each write of this
  // extension there (an Undo too).
  const beginning = computed(() => {
    const shown = view.value?.shown ?? [];
    return draft.text.value !== '' && shown.length > 0 && shown.every((slot) => slot !== null);
  });
  effect(() => {
    if (beginning.value) untracked(() => view.value && draft.begin(view.value.shown));
  });
  const settled = computed(() => {
    const current = job.value;
    return view.value && current ? `${current.id} ${current.state} ${draft.base.value?.at}` : null;
  });
  effect(() => {
    if (settled.value === null) return;
    untracked(() => {
      const current = job.value as Job;
      const written = writtenInTarget(current, (view.value as { target: Target }).target);
      if (written.size > 0) draft.rebase(written, current.createdAt);
    });
  });
  return { draft, view, stored };
}

export type DocumentView = ReturnType<typeof documentView>;
