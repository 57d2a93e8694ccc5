/**
 * Per profile and target: the document being edited across slots and its layout, so closing the
 * editor tab loses neither. Removed once the text is empty (nothing left to keep).
 */
import type { Target } from '../api/schemas';
import { z } from '../zod';
import { profileFamily } from './registry';

export const DocumentLayoutSchema = z.object({
  prefix: z.string(),
  manifestSlot: z.int(),
  pieceSize: z.int(),
  countKey: z.string(),
  lengthKey: z.string(),
});

export const DocumentDraft = z.object({
  text: z.string(),
  layout: DocumentLayoutSchema,
  savedAt: z.number(),
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
