/**
 * Documents the extension writes: an export of one target's slots and a backup of several
 * targets. Each imports back unchanged through lib/import/import-parser.ts.
 */
import type { Target } from '../api/schemas';
import { FORMAT, type ImportDocument, type MultiTargetDocument } from './format-schema';

export interface ExportSlot {
  slot: number;
  title: string;
  data: string;
  lastUpdated: string | null;
}

const exported = ({ slot, title, data, lastUpdated }: ExportSlot) => ({ slot, title, data, lastUpdated });

export function exportDocument(target: Target, slots: ExportSlot[], now: Date = new Date()) {
  return {
    format: FORMAT,
    exportedAt: now.toISOString(),
    target: { kind: target.kind, id: target.id },
    slots: slots.map(exported),
  } satisfies ImportDocument;
}

/** One target of a backup: its slots as read (an empty slot has title and data ""). */
export interface BackupEntry {
  target: Target;
  name?: string;
  slots: readonly ExportSlot[];
}

/**
 * A document with several targets, as a backup writes it; it imports back unchanged. An entry
 * without slots is left out (a target entry holds at least one slot).
 */
export function multiTargetDocument(entries: readonly BackupEntry[], now: Date = new Date()) {
  return {
    format: FORMAT,
    exportedAt: now.toISOString(),
    targets: entries
      .filter((entry) => entry.slots.length > 0)
      .map(({ target, name, slots }) => ({
        target: { kind: target.kind, id: target.id, ...(name === undefined ? {} : { name }) },
        slots: slots.map(exported),
      })),
  } satisfies MultiTargetDocument;
}
