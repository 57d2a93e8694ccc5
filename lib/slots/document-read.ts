/**
 * Reading a document across slots (the format is lib/slots/document.ts) as the site's reader does:
 * the manifest, then its pieces, joined; every problem listed as stored, nothing repaired.
 */
import type { PageOption } from '../api/schemas';
import type { DocumentLayout } from './document-layout';
import { isManifestSlot, pieceTitle } from './document';
import { minifyJson } from './validate';

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
