/** The import format as JSON Schema, generated from the one zod schema (see scripts/import-schema.ts). */
import { z } from '../zod';
import { ImportDocument } from './format';

export function importJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(ImportDocument, { io: 'input', unrepresentable: 'any' }),
    $id: 'page-options.schema.json',
    title: 'Page Options import',
    description:
      'Slots to write into one building or factory. data may be a string or any JSON value (stored compactly serialized). title at most 64 and data at most 2400 characters, counted as UTF-16 code units (emoji count 2). Slots 11-20 need premium. An export of the extension is a valid import.',
  };
}
