/**
 * Table edits as pure functions from one immutable table to the next. Rows that an edit does not
 * touch stay the same objects (the size meter and the view key on them).
 */
import { emptyValue } from './cells';
import { sortedRows } from './order';
import { planPaste } from './paste';
import { idSource, withCell, withoutCell } from './rows';
import { cellOf } from './table';
import type { EditRefusal, EditResult, Entry, PastePlan, RecordRow, RecordTable, TableEdit } from './types';

const done = (table: RecordTable): EditResult => ({ ok: true, table });
const refused = (refusal: EditRefusal): EditResult => ({ ok: false, refusal });

function newRows(table: RecordTable, templates: readonly (readonly Entry[])[]): RecordRow[] {
  const ids = idSource(table);
  return templates.map((entries) => {
    let row: RecordRow = { id: ids.nextRowId(), entries };
    if (ids.column !== null) row = withCell(row, table.columns, ids.column, ids.nextValue());
    return row;
  });
}

const rowIndex = (table: RecordTable, id: number) => table.rows.findIndex((row) => row.id === id);

function checkColumnName(table: RecordTable, name: string, allowed?: string): EditRefusal | null {
  if (name === '') return { code: 'emptyColumnName' };
  if (name !== allowed && table.columns.includes(name)) return { code: 'columnExists', name };
  return null;
}

/** Each record's keys in the order of `columns` (a row already in order stays the same object). */
function inColumnOrder(row: RecordRow, columns: readonly string[]): RecordRow {
  const place = new Map(columns.map((column, i) => [column, i]));
  const entries = [...row.entries].sort((a, b) => (place.get(a[0]) ?? 0) - (place.get(b[0]) ?? 0));
  return entries.every((entry, i) => entry === row.entries[i]) ? row : { id: row.id, entries };
}

export function applyEdit(table: RecordTable, edit: TableEdit): EditResult {
  const { rows, columns } = table;
  switch (edit.kind) {
    case 'setCell':
    case 'clearCell': {
      const at = rowIndex(table, edit.row);
      if (at < 0) return refused({ code: 'unknownRow', row: edit.row });
      if (!columns.includes(edit.column)) return refused({ code: 'unknownColumn', name: edit.column });
      const row = rows[at] as RecordRow;
      const next =
        edit.kind === 'setCell'
          ? withCell(row, columns, edit.column, edit.value)
          : withoutCell(row, edit.column);
      if (next === row) return done(table);
      return done({ ...table, rows: rows.with(at, next) });
    }
    case 'fillDown': {
      if (!columns.includes(edit.column)) return refused({ code: 'unknownColumn', name: edit.column });
      const unknown = edit.rows.find((id) => rowIndex(table, id) < 0);
      if (unknown !== undefined) return refused({ code: 'unknownRow', row: unknown });
      const chosen = edit.rows.map((id) => rowIndex(table, id)).toSorted((a, b) => a - b);
      const [top = 0] = chosen;
      const from = chosen.length === 1 ? top - 1 : top;
      const source = rows[from];
      if (!source) return done(table);
      const value = cellOf(source, edit.column);
      let next = rows;
      for (const at of chosen.filter((i) => i > from)) {
        const row = next[at] as RecordRow;
        const filled = value ? withCell(row, columns, edit.column, value) : withoutCell(row, edit.column);
        if (filled !== row) next = next.with(at, filled);
      }
      return done(next === rows ? table : { ...table, rows: next });
    }
    case 'addRow': {
      const at = edit.after === undefined ? rows.length : rowIndex(table, edit.after) + 1;
      if (at === 0 && edit.after !== undefined) return refused({ code: 'unknownRow', row: edit.after });
      const [row] = newRows(table, [[]]) as [RecordRow];
      return done({ ...table, rows: rows.toSpliced(at, 0, row) });
    }
    case 'duplicateRows': {
      const chosen = new Set(edit.rows);
      const originals = rows.filter((row) => chosen.has(row.id));
      const copies = newRows(
        table,
        originals.map((row) => row.entries),
      );
      const copyOf = new Map(originals.map((row, i) => [row, copies[i] as RecordRow]));
      return done({
        ...table,
        rows: rows.flatMap((row) => (copyOf.has(row) ? [row, copyOf.get(row) as RecordRow] : [row])),
      });
    }
    case 'deleteRows': {
      const gone = new Set(edit.rows);
      return done({ ...table, rows: rows.filter((row) => !gone.has(row.id)) });
    }
    case 'moveRows': {
      const unknown = edit.rows.find((id) => rowIndex(table, id) < 0);
      if (unknown !== undefined) return refused({ code: 'unknownRow', row: unknown });
      const moved = movedRows(rows, new Set(edit.rows), edit.by);
      return done(moved ? { ...table, rows: moved } : table);
    }
    case 'addColumn': {
      const problem = checkColumnName(table, edit.name);
      if (problem) return refused(problem);
      const at = Math.max(0, Math.min(edit.at ?? columns.length, columns.length));
      const next = columns.toSpliced(at, 0, edit.name);
      const value = edit.value ?? emptyValue(edit.type);
      return done({
        ...table,
        columns: next,
        rows: rows.map((row) => withCell(row, next, edit.name, value)),
      });
    }
    case 'renameColumn': {
      if (!columns.includes(edit.from)) return refused({ code: 'unknownColumn', name: edit.from });
      const problem = checkColumnName(table, edit.to, edit.from);
      if (problem) return refused(problem);
      if (edit.from === edit.to) return done(table);
      const rename = (row: RecordRow): RecordRow =>
        row.entries.some(([key]) => key === edit.from)
          ? { id: row.id, entries: row.entries.map((e): Entry => (e[0] === edit.from ? [edit.to, e[1]] : e)) }
          : row;
      return done({
        ...table,
        columns: columns.map((c) => (c === edit.from ? edit.to : c)),
        rows: rows.map(rename),
      });
    }
    case 'removeColumn': {
      if (!columns.includes(edit.name)) return refused({ code: 'unknownColumn', name: edit.name });
      return done({
        ...table,
        columns: columns.filter((c) => c !== edit.name),
        rows: rows.map((row) => withoutCell(row, edit.name)),
      });
    }
    case 'moveColumn': {
      const at = columns.indexOf(edit.name);
      if (at < 0) return refused({ code: 'unknownColumn', name: edit.name });
      const to = at + edit.by;
      if (to < 0 || to >= columns.length) return done(table);
      const next = columns.with(at, columns[to] as string).with(to, edit.name);
      return done({ ...table, columns: next, rows: rows.map((row) => inColumnOrder(row, next)) });
    }
    case 'sortRows': {
      if (!columns.includes(edit.column)) return refused({ code: 'unknownColumn', name: edit.column });
      const sorted = sortedRows(rows, edit.column, edit.direction);
      if (sorted.every((row, i) => row === rows[i])) return done(table);
      return done({ ...table, rows: sorted });
    }
    case 'paste': {
      const paste = planPaste(table, { row: edit.row, column: edit.column }, edit.grid, edit.decimal);
      if (!paste.ok) return refused(paste.refusal);
      return done(paste.table);
    }
  }
}

/** What a paste would change, for the preview before a paste that adds rows. Throws for a target not in the table. */
export function pastePlan(table: RecordTable, edit: Extract<TableEdit, { kind: 'paste' }>): PastePlan {
  const paste = planPaste(table, { row: edit.row, column: edit.column }, edit.grid, edit.decimal);
  if (!paste.ok) throw new Error(`paste target not in the table: ${paste.refusal.code}`);
  return paste.plan;
}

/** Each chosen row swaps with the unchosen one before it (up) or after it (down), once; null: none moved. */
function movedRows(rows: readonly RecordRow[], chosen: ReadonlySet<number>, by: -1 | 1): RecordRow[] | null {
  const next = [...rows];
  let moved = false;
  const order = by === -1 ? next.keys() : [...next.keys()].toReversed();
  for (const i of order) {
    const j = i + by;
    const [row, other] = [next[i], next[j]];
    if (!row || !other || !chosen.has(row.id) || chosen.has(other.id)) continue;
    next[j] = row;
    next[i] = other;
    moved = true;
  }
  return moved ? next : null;
}
