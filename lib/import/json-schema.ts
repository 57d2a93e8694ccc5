/** The import format as JSON Schema, generated from the zod schemas (see scripts/import-schema.ts). */
import { z } from '../zod';
import { ImportDocument, MAX_IMPORT_TARGETS, MultiTargetDocument } from './format-schema';

export function importJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(z.union([ImportDocument, MultiTargetDocument]), {
      io: 'input',
      unrepresentable: 'any',
    }),
    $id: 'page-options.schema.json',
    title: 'Page Options import',
    description: `Slots to write into one building or factory (target and slots), or into several (targets: each entry a target and its slots; a backup writes this shape). data may be a string or any JSON value (stored compactly serialized). title at most 64 and data at most 2400 characters, counted as UTF-16 code units (emoji count 2); in a document with several targets (a backup), a slot past these counts but within them in code points (as the server counts) is left as it is, not written. Slots 11-20 need premium. Each slot number at most once per target, each target at most once. A document is at most 256 KB of UTF-8 per target: 256 KB with one target, at most ${MAX_IMPORT_TARGETS} targets. An empty slot (title and data "") clears that slot. An export or backup of the extension is a valid import.`,
  };
}
