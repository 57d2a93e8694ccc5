/**
 * The slot import/export format: one document names a target and the slots to write, or lists
 * several targets, each with its slots (a backup, a restore). `data` may be a string or any JSON
 * value (stored compactly serialized). An export is a valid import as is. Published for site owners
 * as public/page-options.schema.json (generated from these schemas). Documents are read by the one
 * parser, lib/import/import-parser.ts.
 */
import { Target } from '../api/schemas';
import { PREMIUM_SLOTS } from '../api/slot-limits';
import { z } from '../zod';

export const FORMAT = 'page-options/v1';

/** More slots than any target has is refused before the slots are looked at. */
export const MAX_IMPORT_SLOTS = PREMIUM_SLOTS;
/** A document with several targets: at most this many (each with up to MAX_IMPORT_BYTES of text). */
export const MAX_IMPORT_TARGETS = 50;

const JsonValue: z.ZodMiniType<unknown> = z.unknown();

export const ImportSlot = z.strictObject({
  slot: z.int().check(z.minimum(1), z.maximum(PREMIUM_SLOTS)),
  title: z.string(),
  data: JsonValue,
  /** Present in exports; ignored on import. */
  lastUpdated: z.optional(z.nullable(z.string())),
});
export type ImportSlot = z.infer<typeof ImportSlot>;

const DocumentTarget = z.strictObject({
  kind: Target.shape.kind,
  id: Target.shape.id,
  name: z.optional(z.string()),
});

export const ImportDocument = z.strictObject({
  $schema: z.optional(z.string()),
  format: z.optional(z.literal(FORMAT)),
  target: DocumentTarget,
  slots: z.array(ImportSlot).check(z.minLength(1), z.maxLength(MAX_IMPORT_SLOTS)),
  /** Present in exports; ignored on import. */
  exportedAt: z.optional(z.string()),
});
export type ImportDocument = z.infer<typeof ImportDocument>;

/** One target of a document with several: its slots (an empty slot, title and data "", clears it). */
export const TargetEntry = z.strictObject({
  target: DocumentTarget,
  slots: z.array(ImportSlot).check(z.minLength(1), z.maxLength(MAX_IMPORT_SLOTS)),
});
export type TargetEntry = z.infer<typeof TargetEntry>;

export const MultiTargetDocument = z.strictObject({
  $schema: z.optional(z.string()),
  format: z.optional(z.literal(FORMAT)),
  /** Present in backups; ignored on import. */
  exportedAt: z.optional(z.string()),
  targets: z.array(TargetEntry).check(z.minLength(1), z.maxLength(MAX_IMPORT_TARGETS)),
});
export type MultiTargetDocument = z.infer<typeof MultiTargetDocument>;

/** A slot ready to write: data serialized, everything checked. */
export interface SlotWrite {
  slot: number;
  title: string;
  data: string;
  /**
   * A document with several targets (a backup) only: a value past the extension's count but within
   * the server's (it holds it), left as it is, never written (docs/decisions.md, "characters").
   */
  overLimit?: true;
}

/** One target's slots ready to write, from either shape of document. */
export interface TargetWrites {
  target: Target;
  /** The name the document gives it (a backup records it); shown, never sent. */
  name?: string;
  slots: SlotWrite[];
}

export interface ImportProblem {
  /** Where in the document, e.g. `slots[3].title`. */
  path: string;
  message: string;
}

export interface ImportContext {
  premium: boolean;
  /** When the document must be for a given kind of target (the editor's current one). */
  expectedKind?: Target['kind'];
  /** 'single': only today's one-target document is accepted (an import into the editor's target). */
  shape?: 'single';
  /**
   * What is checked is about to be written (a job's slots): a value past the extension's count is a
   * problem there too, never a slot left as it is.
   */
  strict?: boolean;
}

/** Strings stay as they are; any other JSON value is stored compactly serialized. */
export function serializeData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data);
}
