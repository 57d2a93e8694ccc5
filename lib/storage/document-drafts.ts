/**
 * Per profile and target: the document being edited across slots and its layout, so closing the
 * editor tab loses neither. Removed once the text is empty (nothing left to keep).
 */
import { PageOption, type Target } from '../api/schemas';
import { DocumentLayout } from '../slots/document-layout';
import { z } from '../zod';
import { profileFamily } from './registry';

/**
 * What each slot held when the user began editing the document (index 0 = slot 1; null: not
 * known), and when: a write of it expects each slot to still hold that.
 */
export const DocumentBase = z.object({ at: z.number(), slots: z.array(z.nullable(PageOption)) });
export type DocumentBase = z.infer<typeof DocumentBase>;

export const DocumentDraft = z.object({
  text: z.string(),
  layout: DocumentLayout,
  savedAt: z.number(),
  base: z.optional(DocumentBase),
});
export type DocumentDraft = z.infer<typeof DocumentDraft>;

export const documentDraftFamily = profileFamily('docDraft', DocumentDraft, {
  version: 1,
  signOut: 'askFirst',
  bound: { boundedBy: 'one entry per document being edited (no byte budget yet)' },
});

const parts = (target: Target) => [target.kind, target.id];

export async function readDocumentDraft(profileId: string, target: Target): Promise<DocumentDraft | null> {
  return documentDraftFamily.get(profileId, ...parts(target));
}

export async function putDocumentDraft(
  profileId: string,
  target: Target,
  draft: DocumentDraft,
): Promise<void> {
  if (draft.text === '') await documentDraftFamily.remove(profileId, ...parts(target));
  else await documentDraftFamily.set(draft, profileId, ...parts(target));
}
