/**
 * The records table's types, shared by the core (lib/records, framework-free) and its views
 * (components/records). The core returns codes and parameters, never sentences: the views word them.
 */
import type { DecimalMark } from './locale-number';

/** A JSON value as written: key order, duplicate keys, number and string literals kept. */
export type Json =
  | { readonly kind: 'string'; readonly value: string; readonly raw: string }
  | { readonly kind: 'number'; readonly raw: string }
  | { readonly kind: 'boolean'; readonly value: boolean }
  | { readonly kind: 'null' }
  | { readonly kind: 'array'; readonly items: readonly Json[] }
  | { readonly kind: 'object'; readonly entries: readonly Entry[] };

/** `rawKey`: the key's literal as written, kept only when it holds an escape. */
export type Entry = readonly [key: string, value: Json, rawKey?: string];

export type ParseResult = { ok: true; value: Json } | { ok: false; code: 'syntax'; offset: number };

export type CellType = 'text' | 'number' | 'boolean' | 'null' | 'json';

/** One record; immutable, its id stable across edits (keys and focus in the view). */
export interface RecordRow {
  readonly id: number;
  readonly entries: readonly Entry[];
}

export type TableWrapper =
  | { readonly kind: 'array' }
  /** The list under `key` of the object `root`; the rest of `root` is written back untouched. */
  | { readonly kind: 'object'; readonly key: string; readonly root: Json };

export interface RecordTable {
  /** Union of the records' keys, first-seen order. */
  readonly columns: readonly string[];
  readonly rows: readonly RecordRow[];
  readonly wrapper: TableWrapper;
}

export type NotATable =
  | { code: 'syntax'; offset: number }
  | { code: 'notAList' }
  /** `item` is 1-based. */
  | { code: 'itemNotRecord'; item: number; kind: 'string' | 'number' | 'boolean' | 'null' | 'array' }
  /** `record` is 1-based. */
  | { code: 'duplicateKey'; key: string; record: number }
  | { code: 'severalLists'; keys: string[] };

export type TableResult = { ok: true; table: RecordTable } | { ok: false; reason: NotATable };

export type CellRefusalCode = 'notANumber' | 'notJson' | 'notBoolean' | 'tooLong';
export type CellResult = { ok: true; value: Json } | { ok: false; code: CellRefusalCode; detail?: string };

export type TableEdit =
  /** An absent key goes in at its column's position. */
  | { kind: 'setCell'; row: number; column: string; value: Json }
  /** Makes the key absent. */
  | { kind: 'clearCell'; row: number; column: string }
  /** `after`: a row id, undefined = at the end. An id-like whole-number column gets max + 1. */
  | { kind: 'addRow'; after?: number }
  | { kind: 'duplicateRows'; rows: number[] }
  | { kind: 'deleteRows'; rows: number[] }
  /** The rows move one place together; a block at the edge stays, the rest close up to it. */
  | { kind: 'moveRows'; rows: readonly number[]; by: -1 | 1 }
  /** A spreadsheet's fill down: the topmost chosen row's cell into the others (one row: from the row above). */
  | { kind: 'fillDown'; rows: readonly number[]; column: string }
  | { kind: 'addColumn'; name: string; type: CellType; at?: number; value?: Json }
  /** The key keeps its position in each record. */
  | { kind: 'renameColumn'; from: string; to: string }
  | { kind: 'removeColumn'; name: string }
  /** Every record's key order follows. */
  | { kind: 'moveColumn'; name: string; by: -1 | 1 }
  | { kind: 'sortRows'; column: string; direction: 'asc' | 'desc' }
  /** Fills from (row, column), adds rows past the end; a header row maps by name. */
  /** `decimal`: the grid is plain text whose numbers are written with this decimal mark (the UI's). */
  | { kind: 'paste'; row: number; column: string; grid: string[][]; decimal?: DecimalMark };

export type EditRefusal =
  | { code: 'columnExists'; name: string }
  | { code: 'emptyColumnName' }
  | { code: 'reservedName'; name: string }
  | { code: 'unknownColumn'; name: string }
  | { code: 'unknownRow'; row: number }
  | { code: 'cellRefused'; row: number; column: string; cell: CellRefusalCode; detail?: string };

export type EditResult = { ok: true; table: RecordTable } | { ok: false; refusal: EditRefusal };

/** What a paste would do, shown before it is kept. `gridRow` in refusals is 1-based in the grid. */
export interface PastePlan {
  header: boolean;
  changedCells: number;
  addedRows: number;
  /** Grid columns past the table's last column, left out. */
  droppedColumns: number;
  refusals: { gridRow: number; column: string; code: CellRefusalCode; detail?: string }[];
  /** Characters of the text written after the paste. */
  lengthAfter: number;
}

export interface History {
  readonly past: readonly RecordTable[];
  readonly present: RecordTable;
  readonly future: readonly RecordTable[];
}

export type ClipboardGrid =
  /** `from`: the HTML table (numbers as stored) or the plain text (numbers as the sheet shows them). */
  | { ok: true; grid: string[][]; from: 'html' | 'text' }
  | { ok: false; code: 'empty' | 'notATable' | 'tooManyRows'; limit?: number };

export interface SizeMeter {
  measure(table: RecordTable): { total: number; row(id: number): number };
}
