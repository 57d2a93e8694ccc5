/**
 * A list of records as a table: a JSON array of objects, or an object with one such array under a
 * top-level key (the rest of the object written back untouched). Columns are the union of the
 * records' keys in first-seen order; a key a record lacks is absent, distinct from null and "".
 */
import { keyLiteral, minifyEntries, parseExact } from './exact-json';
import type { Entry, Json, NotATable, RecordRow, RecordTable, TableResult } from './types';

type JsonArray = Extract<Json, { kind: 'array' }>;

const isRecordList = (value: Json): value is JsonArray =>
  value.kind === 'array' && value.items.length > 0 && value.items.every((item) => item.kind === 'object');

function kindOf(value: Json): Extract<NotATable, { code: 'itemNotRecord' }>['kind'] {
  return value.kind === 'object' ? 'array' : value.kind;
}

/** The columns of `rows`: every key once, in the order first seen. */
export function columnsOf(rows: readonly RecordRow[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const [key] of row.entries) seen.add(key);
  return [...seen];
}

function rowsOf(list: JsonArray): { ok: true; rows: RecordRow[] } | { ok: false; reason: NotATable } {
  const rows: RecordRow[] = [];
  for (let n = 0; n < list.items.length; n++) {
    const item = list.items[n] as Json;
    if (item.kind !== 'object')
      return { ok: false, reason: { code: 'itemNotRecord', item: n + 1, kind: kindOf(item) } };
    const keys = new Set<string>();
    for (const [key] of item.entries) {
      if (keys.has(key)) return { ok: false, reason: { code: 'duplicateKey', key, record: n + 1 } };
      keys.add(key);
    }
    rows.push({ id: n + 1, entries: item.entries });
  }
  return { ok: true, rows };
}

/** The top-level key of `root` whose array is the list, or why there is none. */
function listKey(
  root: Extract<Json, { kind: 'object' }>,
): { ok: true; key: string } | { ok: false; reason: NotATable } {
  const arrays = root.entries.filter(([, value]) => value.kind === 'array');
  const [only] = arrays;
  if (arrays.length === 1 && only) return { ok: true, key: only[0] };
  const lists = arrays.filter(([, value]) => isRecordList(value));
  const [list] = lists;
  if (lists.length === 1 && list) return { ok: true, key: list[0] };
  if (lists.length > 1)
    return { ok: false, reason: { code: 'severalLists', keys: lists.map(([key]) => key) } };
  return { ok: false, reason: { code: 'notAList' } };
}

export function tableFromText(text: string): TableResult {
  const parsed = parseExact(text);
  if (!parsed.ok) return { ok: false, reason: { code: 'syntax', offset: parsed.offset } };
  const root = parsed.value;
  if (root.kind === 'array') {
    const rows = rowsOf(root);
    if (!rows.ok) return rows;
    return {
      ok: true,
      table: { columns: columnsOf(rows.rows), rows: rows.rows, wrapper: { kind: 'array' } },
    };
  }
  if (root.kind !== 'object') return { ok: false, reason: { code: 'notAList' } };
  const key = listKey(root);
  if (!key.ok) return key;
  const rows = rowsOf(listOf(root, key.key));
  if (!rows.ok) return rows;
  return {
    ok: true,
    table: {
      columns: columnsOf(rows.rows),
      rows: rows.rows,
      wrapper: { kind: 'object', key: key.key, root },
    },
  };
}

/** The first array under `key` (a duplicate key naming another array is left as it is). */
function listOf(root: Extract<Json, { kind: 'object' }>, key: string): JsonArray {
  const entry = root.entries.find(([k, value]) => k === key && value.kind === 'array');
  return (entry?.[1] ?? { kind: 'array', items: [] }) as JsonArray;
}

export const rowText = (row: RecordRow): string => minifyEntries(row.entries);

/** The text before and after the records' list: `[` `]`, or the wrapping object around it. */
export function wrapperText(table: RecordTable): readonly [before: string, after: string] {
  const { wrapper } = table;
  if (wrapper.kind === 'array') return ['[', ']'];
  const root = wrapper.root as Extract<Json, { kind: 'object' }>;
  const list = listOf(root, wrapper.key);
  const at = root.entries.findIndex((entry) => entry[1] === list);
  const entry = root.entries[at] as Entry;
  const head = minifyEntries(root.entries.slice(0, at)).slice(0, -1);
  const tail = minifyEntries(root.entries.slice(at + 1)).slice(1);
  return [`${head}${at > 0 ? ',' : ''}${keyLiteral(entry)}:[`, `]${tail === '}' ? '' : ','}${tail}`];
}

/** Minified; equal to minify(parseExact(text)) when nothing was edited. */
export function tableToText(table: RecordTable): string {
  const [before, after] = wrapperText(table);
  return `${before}${table.rows.map(rowText).join(',')}${after}`;
}

/** The value of `column` in `row`; undefined when the key is absent. */
export function cellOf(row: RecordRow, column: string): Json | undefined {
  for (const entry of row.entries) if (entry[0] === column) return entry[1];
  return undefined;
}
