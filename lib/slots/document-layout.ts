/**
 * The layout of a document across slots (lib/slots/document.ts), declared once: the schema a stored
 * draft keeps and every module and view uses, its default (the live service's site: manifest in
 * slot 1 titled `site`, pieces of 2300 characters, keys `c` and `len`), and why a layout cannot be
 * used.
 */
import { DATA_MAX, TITLE_MAX } from '../api/slot-limits';
import { z } from '../zod';

/** Where and how a document is laid out across slots: the one declaration (a draft stores it too). */
export const DocumentLayout = z.object({
  /** The title of the manifest slot; pieces are `${prefix}:1`, `${prefix}:2`, … */
  prefix: z.string(),
  /** The slot holding the manifest; pieces follow it. */
  manifestSlot: z.int(),
  /** Characters (UTF-16 code units) per piece, at most DATA_MAX (2400). */
  pieceSize: z.int(),
  /** The manifest's key for the number of pieces. */
  countKey: z.string(),
  /** The manifest's key for the total length. */
  lengthKey: z.string(),
});
export type DocumentLayout = z.infer<typeof DocumentLayout>;

export const DEFAULT_LAYOUT: DocumentLayout = {
  prefix: 'site',
  manifestSlot: 1,
  pieceSize: 2300,
  countKey: 'c',
  lengthKey: 'len',
};

export type LayoutProblem = 'prefixBlank' | 'prefixLong' | 'manifestSlot' | 'pieceSize' | 'keys';

/** Why a layout cannot be used; null when it can. */
export function layoutProblem(layout: DocumentLayout, slotCount: number): LayoutProblem | null {
  const { prefix, manifestSlot, pieceSize, countKey, lengthKey } = layout;
  if (prefix.trim() === '') return 'prefixBlank';
  // Room for ":20" after the prefix in a 64-character title.
  if (prefix.length + 3 > TITLE_MAX) return 'prefixLong';
  if (!Number.isInteger(manifestSlot) || manifestSlot < 1 || manifestSlot > slotCount) return 'manifestSlot';
  if (!Number.isInteger(pieceSize) || pieceSize < 2 || pieceSize > DATA_MAX) return 'pieceSize';
  if (countKey.trim() === '' || lengthKey.trim() === '' || countKey === lengthKey) return 'keys';
  return null;
}
