/** What the document panel derives from the slots shown: the stored document, the edit's baseline. */
import { useEffect, useMemo } from 'preact/hooks';
import type { PageOption, Target } from '../../lib/api/schemas';
import { writtenInTarget } from '../../lib/jobs/document-job';
import { isManifestSlot } from '../../lib/slots/document';
import type { DocumentLayout } from '../../lib/slots/document-layout';
import { assembleDocument } from '../../lib/slots/document-read';
import type { Job } from '../../lib/storage/jobs';
import type { DocumentDraftModel } from './document-draft-model';

/** The document the slots hold now, if their manifest slot holds one. */
export function useStoredDocument(slots: readonly (PageOption | null)[], layout: DocumentLayout) {
  return useMemo(() => {
    const manifest = slots[layout.manifestSlot - 1];
    if (manifest === undefined) return { status: 'none' as const };
    if (manifest === null) return { status: 'loading' as const };
    if (!isManifestSlot(manifest, layout)) return { status: 'none' as const };
    const pieces = slots.slice(layout.manifestSlot);
    return { status: 'found' as const, document: assembleDocument(manifest, pieces, layout, slots.length) };
  }, [slots, layout]);
}

/**
 * The baseline follows the edit: set when it begins, and moved on by each write of this extension
 * there (an Undo too).
 */
export function useBaseline(
  draft: DocumentDraftModel,
  job: Job | null | undefined,
  target: Target,
  shown: readonly (PageOption | null)[],
) {
  const text = draft.text.value;
  const known = shown.length > 0 && shown.every((slot) => slot !== null);
  useEffect(() => {
    if (text !== '' && known) draft.begin(shown);
  }, [text !== '', known]);
  useEffect(() => {
    const written = writtenInTarget(job, target);
    if (job && written.size > 0) draft.rebase(written, job.createdAt);
  }, [job?.id, job?.state, draft.base.value?.at]);
}
