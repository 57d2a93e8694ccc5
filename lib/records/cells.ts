/**
 * Typed cells: what the user types is read as the cell's type and never turned into another one
 * silently. `"007"` typed in a text cell stays the string "007"; a number cell refuses `abc`.
 */
import { DATA_MAX } from '../api/slot-limits';
import { jsonString, minify, parseExact } from './exact-json';
import { cellOf } from './table';
import type { CellResult, CellType, Json, RecordRow, RecordTable } from './types';

const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const DECIMAL_COMMA = /^-?\d+,\d+$/;

const TRUE_WORDS = new Set(['true', 'yes', 'ja', 'wahr']);
const FALSE_WORDS = new Set(['false', 'no', 'nein', 'falsch']);

type Parse = (input: string) => CellResult;

function parseNumber(input: string): CellResult {
  const typed = input.trim();
  if (NUMBER.test(typed)) return { ok: true, value: { kind: 'number', raw: typed } };
  if (DECIMAL_COMMA.test(typed)) return { ok: false, code: 'notANumber', detail: typed.replace(',', '.') };
  return { ok: false, code: 'notANumber' };
}

function parseBoolean(input: string): CellResult {
  const word = input.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return { ok: true, value: { kind: 'boolean', value: true } };
  if (FALSE_WORDS.has(word)) return { ok: true, value: { kind: 'boolean', value: false } };
  return { ok: false, code: 'notBoolean' };
}

function parseJson(input: string): CellResult {
  const parsed = parseExact(input.trim());
  return parsed.ok ? parsed : { ok: false, code: 'notJson', detail: String(parsed.offset) };
}

/**
 * Every cell type once, in the order the view offers them (its label is beside it, in
 * components/records/records-text.ts): the JSON kinds it holds, how typed text is read as it, the
 * value an added column puts in every record, and its rank in a sort of a mixed column.
 * A number keeps its literal as typed (a JSON number: `1,5` is refused with the hint `1.5`); yes/no
 * takes true/false (also yes/no, ja/nein and the WAHR/FALSCH of German spreadsheets); json must
 * parse; a null cell stays null for `null` or nothing, and keeps anything else typed over it as text.
 */
const TYPES: Record<CellType, { kinds: readonly Json['kind'][]; parse: Parse; empty: Json; rank: number }> = {
  text: {
    kinds: ['string'],
    parse: (input) => ({ ok: true, value: jsonString(input) }),
    empty: jsonString(''),
    rank: 1,
  },
  number: { kinds: ['number'], parse: parseNumber, empty: { kind: 'number', raw: '0' }, rank: 0 },
  boolean: { kinds: ['boolean'], parse: parseBoolean, empty: { kind: 'boolean', value: false }, rank: 2 },
  // Null has no text of its own: what is typed over it is kept, as text, never dropped.
  null: {
    kinds: ['null'],
    parse: (input) =>
      ['', 'null'].includes(input.trim())
        ? { ok: true, value: { kind: 'null' } }
        : { ok: true, value: jsonString(input) },
    empty: { kind: 'null' },
    rank: 3,
  },
  json: { kinds: ['array', 'object'], parse: parseJson, empty: { kind: 'object', entries: [] }, rank: 4 },
};

export const CELL_TYPES = Object.keys(TYPES) as CellType[];

/** The value of `input` typed into a cell of `type`; a cell longer than a slot is refused. */
export function parseCell(input: string, type: CellType): CellResult {
  if (input.length > DATA_MAX) return { ok: false, code: 'tooLong', detail: String(DATA_MAX) };
  return TYPES[type].parse(input);
}

/** What a cell shows and edits: text as it is, a number as written, true/false, null, json minified. */
export function cellText(value: Json): string {
  // A number, true/false and null minify to their literal, as written.
  return value.kind === 'string' ? value.value : minify(value);
}

/** The value an added column puts in every record when no value is given. */
export const emptyValue = (type: CellType): Json => TYPES[type].empty;

export const cellType = (value: Json): CellType =>
  CELL_TYPES.find((type) => TYPES[type].kinds.includes(value.kind))!;

export const typeRank = (type: CellType): number => TYPES[type].rank;

/** The type a column's records agree on, 'mixed' when they disagree, null when all are absent. */
export function columnKind(table: RecordTable | null, column: string): CellType | 'mixed' | null {
  const types = new Set(table?.rows.flatMap((row) => cellTypeIn(row, column)));
  return types.size > 1 ? 'mixed' : ([...types][0] ?? null);
}

const cellTypeIn = (row: RecordRow, column: string) => {
  const value = cellOf(row, column);
  return value ? [cellType(value)] : [];
};

/**
 * What a new value in a column is typed as, by a paste and by typing alike: the type most of its
 * records have (ties: the first seen), text when all are absent.
 */
export function columnType(table: RecordTable | null, column: string): CellType {
  const counts = new Map<CellType, number>();
  for (const type of table?.rows.flatMap((row) => cellTypeIn(row, column)) ?? [])
    counts.set(type, (counts.get(type) ?? 0) + 1);
  let best: CellType | null = null;
  for (const [type, count] of counts) if (best === null || count > (counts.get(best) ?? 0)) best = type;
  return best ?? 'text';
}
