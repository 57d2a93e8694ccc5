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
 */
import type { PageOption } from '../api/schemas';
import { isEmptySlot } from './clearing';
import { DATA_MAX, TITLE_MAX } from '../api/slot-limits';
import { minifyJson } from './validate';

export interface DocumentLayout {
  /** The title of the manifest slot; pieces are `${prefix}:1`, `${prefix}:2`, … */
  prefix: string;
  /** The slot holding the manifest; pieces follow it. */
  manifestSlot: number;
  /** Characters (UTF-16 code units) per piece, at most 2400. */
  pieceSize: number;
  /** The manifest's key for the number of pieces. */
  countKey: string;
  /** The manifest's key for the total length. */
  lengthKey: string;
}

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

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

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

// ---------------------------------------------------------------------------------------------
// Reading

export interface Manifest {
  count: number;
  length: number;
}

/** What is wrong with a document as stored: shown as it is, never repaired. */
export type DocumentProblem =
  | { kind: 'manifestNotJson'; detail: string }
  | { kind: 'manifestKeys' }
  | { kind: 'pastLastSlot'; count: number; slots: number }
  | { kind: 'pieceMissing'; index: number; slot: number; title: string }
  | { kind: 'pieceUnreadable'; index: number; slot: number }
  | { kind: 'lengthMismatch'; expected: number; actual: number }
  | { kind: 'pieceChanged'; index: number; slot: number; pieceTime: string; manifestTime: string };

/** The manifest of a slot titled as the layout's manifest; a problem when its data is not one. */
export function parseManifest(
  option: Pick<PageOption, 'data'>,
  layout: DocumentLayout,
): { ok: true; manifest: Manifest } | { ok: false; problem: DocumentProblem } {
  let value: unknown;
  try {
    value = JSON.parse(option.data);
  } catch (error) {
    return { ok: false, problem: { kind: 'manifestNotJson', detail: errorText(error) } };
  }
  const record = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const count = record[layout.countKey];
  const length = record[layout.lengthKey];
  const whole = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0;
  if (!whole(count) || !whole(length)) return { ok: false, problem: { kind: 'manifestKeys' } };
  return { ok: true, manifest: { count, length } };
}

export const isManifestSlot = (
  option: Pick<PageOption, 'title'> | null | undefined,
  layout: DocumentLayout,
) => option?.title === layout.prefix;

export interface StoredDocument {
  manifestSlot: number;
  manifest: Manifest | null;
  /** The slots of the pieces the manifest names (that exist in the target). */
  pieceSlots: number[];
  /** The joined text; null when a piece is missing or unreadable. */
  text: string | null;
  problems: DocumentProblem[];
  /** 'valid' or the parse error of the joined text. */
  json: { valid: true } | { valid: false; error: string } | null;
}

const laterThan = (a: string | null, b: string | null) =>
  a !== null && b !== null && !Number.isNaN(Date.parse(a)) && Date.parse(a) > Date.parse(b);

/**
 * The document whose manifest is in `manifest` and whose pieces are `pieces` (index 0 = piece 1,
 * null when unreadable). Every problem is listed; nothing is repaired.
 */
export function assembleDocument(
  manifestOption: PageOption,
  pieces: (PageOption | null)[],
  layout: DocumentLayout,
  slotCount: number,
): StoredDocument {
  const base = { manifestSlot: layout.manifestSlot, pieceSlots: [], text: null, json: null };
  const parsed = parseManifest(manifestOption, layout);
  if (!parsed.ok) return { ...base, manifest: null, problems: [parsed.problem] };
  const { manifest } = parsed;
  const problems: DocumentProblem[] = [];
  const newer: DocumentProblem[] = [];
  const lastSlot = layout.manifestSlot + manifest.count;
  if (lastSlot > slotCount) problems.push({ kind: 'pastLastSlot', count: manifest.count, slots: slotCount });
  const pieceSlots: number[] = [];
  const texts: string[] = [];
  for (let index = 1; index <= manifest.count; index++) {
    const slot = layout.manifestSlot + index;
    if (slot > slotCount) break;
    pieceSlots.push(slot);
    const piece = pieces[index - 1];
    const title = pieceTitle(layout, index);
    if (!piece) problems.push({ kind: 'pieceUnreadable', index, slot });
    else if (piece.title !== title) problems.push({ kind: 'pieceMissing', index, slot, title });
    else {
      texts.push(piece.data);
      if (laterThan(piece.lastUpdated, manifestOption.lastUpdated)) {
        newer.push({
          kind: 'pieceChanged',
          index,
          slot,
          pieceTime: piece.lastUpdated ?? '',
          manifestTime: manifestOption.lastUpdated ?? '',
        });
      }
    }
  }
  const complete = texts.length === manifest.count;
  const text = complete ? texts.join('') : null;
  const json = jsonOf(text);
  const mismatch = text !== null && text.length !== manifest.length;
  if (mismatch) problems.push({ kind: 'lengthMismatch', expected: manifest.length, actual: text.length });
  // A piece newer than the manifest is the records table's own edit of one piece (the manifest is
  // kept while the length stays): said only when the whole does not hold together.
  if (mismatch || json?.valid !== true) problems.push(...newer);
  return { manifestSlot: layout.manifestSlot, manifest, pieceSlots, text, problems, json };
}

function jsonOf(text: string | null): StoredDocument['json'] {
  if (text === null) return null;
  try {
    JSON.parse(text);
    return { valid: true };
  } catch (error) {
    return { valid: false, error: errorText(error) };
  }
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

// ---------------------------------------------------------------------------------------------
// Planning a write

/** A slot in the new range that holds something that is neither empty nor part of the document. */
export interface ForeignSlot {
  slot: number;
  title: string;
  length: number;
}

export type DocumentPlan =
  | {
      ok: true;
      /**
       * Pieces in slot order, the manifest (the job's final slot: written once every piece is),
       * then the leftover slots to clear (a failed clear leaves the new document readable).
       */
      writes: SlotContent[];
      needed: number;
      first: number;
      last: number;
      /** Slots after the new range that held pieces of the old document: cleared. */
      cleared: number[];
      /** Slots in the range holding something else: overwritten only once the user agreed. */
      foreign: ForeignSlot[];
    }
  | { ok: false; reason: 'tooLarge'; needed: number; available: number; first: number };

export interface PlanInput {
  text: string;
  layout: DocumentLayout;
  slotCount: number;
  /** What each slot holds now (index 0 = slot 1), null when unknown. */
  current: (PageOption | null)[];
  /** What a cleared slot gets (`""`, or the account's placeholder where `""` is refused). */
  clearValue: string;
  /** Cuts the text into pieces (default: every `pieceSize` characters). */
  cut?: CutPieces;
}

const isPieceOf = (option: PageOption, layout: DocumentLayout) =>
  option.title === layout.prefix || option.title.startsWith(`${layout.prefix}:`);

/**
 * Plans writing `text` as a document: refused before anything is written when it needs more slots
 * than there are from the manifest slot on; otherwise the writes, the leftover pieces to clear and
 * the slots in the range that hold something else.
 */
export function planDocument({ text, layout, slotCount, current, clearValue, cut }: PlanInput): DocumentPlan {
  const slots = documentSlots(text, layout, cut);
  const needed = slots.length;
  const first = layout.manifestSlot;
  const available = slotCount - first + 1;
  if (needed > available) return { ok: false, reason: 'tooLarge', needed, available, first };
  const last = first + needed - 1;
  const at = (slot: number) => current[slot - 1] ?? null;
  const foreign: ForeignSlot[] = [];
  for (let slot = first; slot <= last; slot++) {
    const option = at(slot);
    if (option && !isEmptySlot(option, clearValue) && !isPieceOf(option, layout))
      foreign.push({ slot, title: option.title, length: option.data.length });
  }
  const cleared: number[] = [];
  for (let slot = last + 1; slot <= slotCount; slot++) {
    const option = at(slot);
    if (option?.title.startsWith(`${layout.prefix}:`)) cleared.push(slot);
  }
  const manifest = slots.pop() as SlotContent;
  const clears = cleared.map((slot) => ({ slot, title: clearValue, data: clearValue }));
  return { ok: true, writes: [...slots, manifest, ...clears], needed, first, last, cleared, foreign };
}

/**
 * Why the stored document cannot be exported: its joined text does not parse, or its pieces do not
 * add up to what the manifest says (a missing piece, another length). A piece changed after the
 * manifest is no reason (the text is whole). Null when it can.
 */
export function exportProblem(
  stored: StoredDocument,
): DocumentProblem | { kind: 'notJson'; error: string } | null {
  const broken = stored.problems.find((problem) => problem.kind !== 'pieceChanged');
  if (broken) return broken;
  if (stored.json?.valid === false) return { kind: 'notJson', error: stored.json.error };
  return stored.text === null ? { kind: 'notJson', error: '' } : null;
}

/** "1–6", or "3" for one slot. */
export const slotRange = (first: number, last: number) => (first === last ? `${first}` : `${first}–${last}`);

/** Slot numbers as ranges: [7, 8, 10] → "7–8, 10". */
export function slotList(slots: readonly number[]): string {
  const runs: [number, number][] = [];
  for (const slot of [...slots].sort((a, b) => a - b)) {
    const run = runs.at(-1);
    if (run && slot === run[1] + 1) run[1] = slot;
    else runs.push([slot, slot]);
  }
  return runs.map(([first, last]) => slotRange(first, last)).join(', ');
}

/**
 * The text the editor offers to store: minified JSON laid out token by token (numbers stay exactly
 * as written), or the parse error.
 */
export function minifiedDocument(text: string): { ok: true; text: string } | { ok: false; error: string } {
  try {
    JSON.parse(text);
  } catch (error) {
    return { ok: false, error: errorText(error) };
  }
  return { ok: true, text: minifyJson(text) ?? text };
}

/**
 * Reads a document as the site's reader does: the manifest slot, then every piece at once (the
 * worker's scheduler keeps them within the request budget). Null when the manifest slot does not
 * hold a manifest of this layout.
 */
export async function readStoredDocument(
  read: (slot: number) => Promise<PageOption | null>,
  layout: DocumentLayout,
  slotCount: number,
): Promise<StoredDocument | null> {
  const manifestOption = await read(layout.manifestSlot);
  if (!manifestOption || !isManifestSlot(manifestOption, layout)) return null;
  const parsed = parseManifest(manifestOption, layout);
  const count = parsed.ok ? Math.min(parsed.manifest.count, slotCount - layout.manifestSlot) : 0;
  const slots = Array.from({ length: count }, (_, i) => layout.manifestSlot + i + 1);
  const pieces = await Promise.all(slots.map(read));
  return assembleDocument(manifestOption, pieces, layout, slotCount);
}
