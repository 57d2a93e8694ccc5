/**
 * Typed cells: what the user types is read as the cell's type and never turned into another one
 * silently. `"007"` typed in a text cell stays the string "007"; a number cell refuses `abc`.
 */
import { DATA_MAX } from '../api/slot-limits';
import { jsonString, minify, parseExact } from './exact-json';
import type { CellResult, CellType, Json } from './types';

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^-?\d+,\d+$/;

const TRUE_WORDS = new Set(['true', 'yes', 'ja', 'wahr']);
const FALSE_WORDS = new Set(['false', 'no', 'nein', 'falsch']);

/**
 * The value of `input` typed into a cell of `type`. A number keeps its literal as typed (a JSON
 * number: `1,5` is refused with the hint `1.5`); yes/no takes true/false (also yes/no, ja/nein and
 * the WAHR/FALSCH of German spreadsheets); json must parse; a null cell stays null for `null` or
 * nothing, and keeps anything else typed over it as text. A cell longer than a slot is refused.
 */
export function parseCell(input: string, type: CellType): CellResult {
  if (input.length > DATA_MAX) return { ok: false, code: 'tooLong', detail: String(DATA_MAX) };
  switch (type) {
    case 'text':
      return { ok: true, value: jsonString(input) };
    case 'number': {
      const typed = input.trim();
      if (NUMBER.test(typed)) return { ok: true, value: { kind: 'number', raw: typed } };
      if (DECIMAL_COMMA.test(typed))
        return { ok: false, code: 'notANumber', detail: typed.replace(',', '.') };
      return { ok: false, code: 'notANumber' };
    }
    case 'boolean': {
      const word = input.trim().toLowerCase();
      if (TRUE_WORDS.has(word)) return { ok: true, value: { kind: 'boolean', value: true } };
      if (FALSE_WORDS.has(word)) return { ok: true, value: { kind: 'boolean', value: false } };
      return { ok: false, code: 'notBoolean' };
    }
    case 'null':
      // Null has no text of its own: what is typed over it is kept, as text, never dropped.
      return ['', 'null'].includes(input.trim())
        ? { ok: true, value: { kind: 'null' } }
        : { ok: true, value: jsonString(input) };
    case 'json': {
      const parsed = parseExact(input.trim());
      if (!parsed.ok) return { ok: false, code: 'notJson', detail: String(parsed.offset) };
      return { ok: true, value: parsed.value };
    }
  }
}

/** What a cell shows and edits: text as it is, a number as written, true/false, null, json minified. */
export function cellText(value: Json): string {
  // A number, true/false and null minify to their literal, as written.
  return value.kind === 'string' ? value.value : minify(value);
}

/** The value an added column puts in every record when no value is given. */
export function emptyValue(type: CellType): Json {
  switch (type) {
    case 'text':
      return jsonString('');
    case 'number':
      return { kind: 'number', raw: '0' };
    case 'boolean':
      return { kind: 'boolean', value: false };
    case 'null':
      return { kind: 'null' };
    case 'json':
      return { kind: 'object', entries: [] };
  }
}
