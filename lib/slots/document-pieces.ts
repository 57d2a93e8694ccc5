/**
 * Writing an edited document so that only the pieces that changed are written (docs/documents.md,
 * "Editing a document"): the new text is cut along the stored pieces' boundaries, the changed
 * region goes into the pieces that held it (a piece may end shorter than the piece size, or longer
 * up to the slot's limit), and only when it does not fit there are the pieces after it cut anew
 * (they move anyway, slot by slot). The manifest is written only when the count or the total
 * length changes. A document written whole is still cut evenly (lib/slots/document-plan.ts).
 */
import type { PageOption } from '../api/schemas';
import { DATA_MAX } from '../api/slot-limits';
import { isHighSurrogate, isManifestSlot, pieceTitle, splitPieces } from './document';
import type { DocumentLayout } from './document-layout';
import { type DocumentPlan, type PlanInput, planDocument } from './document-plan';
import { parseManifest } from './document-read';

/** `text` cut into `count` non-empty pieces of at most `limit`, each as close to `size` as fits. */
function cutInto(text: string, count: number, size: number, limit: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let left = count; left > 0; left--) {
    const rest = text.length - start;
    let length = left === 1 ? rest : Math.min(size, rest - (left - 1));
    length = Math.max(length, rest - (left - 1) * limit);
    const end = start + length;
    // Never between the halves of a surrogate pair.
    if (left > 1 && isHighSurrogate(text.charCodeAt(end - 1))) length += length < limit ? 1 : -1;
    pieces.push(text.slice(start, start + length));
    start += length;
  }
  return pieces;
}

/**
 * The pieces of `text`, an edit of the document stored as `previous` (its pieces in order): the
 * pieces before and after the changed region as they were, the region in the pieces that held it.
 */
export function repiece(previous: readonly string[], text: string, size: number, limit = DATA_MAX): string[] {
  const old = previous.join('');
  if (old === text) return [...previous];
  if (previous.length === 0 || text === '') return splitPieces(text, size);
  const shorter = Math.min(old.length, text.length);
  let prefix = 0;
  while (prefix < shorter && old.charCodeAt(prefix) === text.charCodeAt(prefix)) prefix++;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    old.charCodeAt(old.length - 1 - suffix) === text.charCodeAt(text.length - 1 - suffix)
  )
    suffix++;
  const starts: number[] = [];
  let offset = 0;
  for (const piece of previous) {
    starts.push(offset);
    offset += piece.length;
  }
  const pieceAt = (at: number) => {
    let index = 0;
    while (index + 1 < starts.length && (starts[index + 1] as number) <= at) index++;
    return index;
  };
  const first = prefix === old.length ? previous.length - 1 : pieceAt(prefix);
  const changedEnd = old.length - suffix;
  const last = Math.max(first, changedEnd > prefix ? pieceAt(changedEnd - 1) : first);
  const regionStart = starts[first] as number;
  const regionEnd = (starts[last] as number) + (previous[last] as string).length + (text.length - old.length);
  const region = text.slice(regionStart, regionEnd);
  const count = last - first + 1;
  const before = previous.slice(0, first);
  if (region.length >= count && region.length <= count * limit)
    return [...before, ...cutInto(region, count, size, limit), ...previous.slice(last + 1)];
  return [...before, ...splitPieces(text.slice(regionStart), size)];
}

/** The pieces of the document stored in `current` when it is whole (every piece, the length right). */
export function storedPieces(
  current: readonly (PageOption | null)[],
  layout: DocumentLayout,
): string[] | null {
  const manifestOption = current[layout.manifestSlot - 1];
  if (!manifestOption || !isManifestSlot(manifestOption, layout)) return null;
  const parsed = parseManifest(manifestOption, layout);
  if (!parsed.ok) return null;
  const pieces: string[] = [];
  for (let index = 1; index <= parsed.manifest.count; index++) {
    const piece = current[layout.manifestSlot + index - 1];
    if (!piece || piece.title !== pieceTitle(layout, index)) return null;
    pieces.push(piece.data);
  }
  return pieces.join('').length === parsed.manifest.length ? pieces : null;
}

/**
 * The write plan of an edit of the stored document (the records table's save): its pieces kept
 * where the text did not change, and the manifest left out when its count and length stay. Without
 * a whole stored document it is the plan of a document written whole.
 */
export function planDocumentEdit(input: Omit<PlanInput, 'cut'>): DocumentPlan {
  const previous = storedPieces(input.current, input.layout);
  if (!previous) return planDocument(input);
  const plan = planDocument({ ...input, cut: (text, layout) => repiece(previous, text, layout.pieceSize) });
  if (!plan.ok) return plan;
  const manifest = input.current[input.layout.manifestSlot - 1];
  const stored = manifest ? parseManifest(manifest, input.layout) : null;
  const same =
    stored?.ok === true &&
    stored.manifest.count === plan.needed - 1 &&
    stored.manifest.length === input.text.length;
  return same
    ? { ...plan, writes: plan.writes.filter((write) => write.slot !== input.layout.manifestSlot) }
    : plan;
}
