/**
 * Planning a document's write across slots (the format is lib/slots/document.ts): the writes, the
 * leftover pieces to clear and the slots in the range that hold something else; refused before
 * anything is written when the document does not fit.
 */
import type { PageOption } from '../api/schemas';
import { isEmptySlot } from './clearing';
import { type CutPieces, type SlotContent, documentSlots, isPieceOf } from './document';
import type { DocumentLayout } from './document-layout';

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
