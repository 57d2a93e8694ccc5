/** Writes public/page-options.schema.json, the import format as JSON Schema for site owners. */
import { writeFileSync } from 'node:fs';
import { importJsonSchema } from '../lib/import/json-schema';

writeFileSync('public/page-options.schema.json', `${JSON.stringify(importJsonSchema(), null, 2)}\n`);
console.log('wrote public/page-options.schema.json');
