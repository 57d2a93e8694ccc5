/**
 * Documents across slots, in the scheme a public site of the live service already uses: the first
 * slot of a range, titled `site`, holds the manifest `{"c": <pieces>, "len": <total characters>}`;
 * the slots after it, titled `site:1`, `site:2`, …, hold consecutive pieces of the minified JSON
 * (2300 characters each). A reader fetches the manifest, then the pieces, joins and parses.
 *
 * Characters are UTF-16 code units, as the site's JavaScript `slice` and `length` count them (and
 * as lib/api/slot-limits.ts counts the 2400 limit), so `len` is what that reader's `join('').length`
 * gives. A piece never ends between the two halves of a surrogate pair (an emoji): such a piece
 * is one unit shorter and the next one starts with the whole pair. A reader that only joins the
 * pieces needs nothing else.
 *
 * This module is the format: how a text becomes its slots under a layout (declared once, in
 * document-layout.ts). Reading a stored document is document-read.ts, planning a write
 * document-plan.ts, an edit's pieces document-pieces.ts.
 */
import type { PageOption } from '../api/schemas';
import type { DocumentLayout } from './document-layout';

export const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** Consecutive pieces of at most `size` code units; never splits a surrogate pair. */
export function splitPieces(text: string, size: number): string[] {
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + size, text.length);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}

export function manifestData(layout: DocumentLayout, count: number, length: number): string {
  return JSON.stringify({ [layout.countKey]: count, [layout.lengthKey]: length });
}

export const pieceTitle = (layout: DocumentLayout, index: number) => `${layout.prefix}:${index}`;

export interface SlotContent {
  slot: number;
  title: string;
  data: string;
}

/** How a text is cut into pieces: every `pieceSize` characters, or as lib/slots/document-pieces.ts keeps them. */
export type CutPieces = (text: string, layout: DocumentLayout) => string[];

const cutEvenly: CutPieces = (text, layout) => splitPieces(text, layout.pieceSize);

/** The slots a document is written to: pieces in slot order, the manifest last. */
export function documentSlots(
  text: string,
  layout: DocumentLayout,
  cut: CutPieces = cutEvenly,
): SlotContent[] {
  const pieces = cut(text, layout);
  const slots = pieces.map((data, i) => ({
    slot: layout.manifestSlot + i + 1,
    title: pieceTitle(layout, i + 1),
    data,
  }));
  slots.push({
    slot: layout.manifestSlot,
    title: layout.prefix,
    data: manifestData(layout, pieces.length, text.length),
  });
  return slots;
}

/** Whether a slot is titled as the layout's manifest. */
export const isManifestSlot = (
  option: Pick<PageOption, 'title'> | null | undefined,
  layout: DocumentLayout,
) => option?.title === layout.prefix;

/** Whether a slot is titled as the layout's manifest or one of its pieces. */
export const isPieceOf = (option: Pick<PageOption, 'title'>, layout: DocumentLayout) =>
  option.title === layout.prefix || option.title.startsWith(`${layout.prefix}:`);
