/**
 * A paste of a grid (from a spreadsheet) into the table: fills cells from the current one to the
 * right and down, adds rows past the end. A first row whose cells all name columns is a header and
 * maps the grid's columns by name. Each cell is read as the type the cell (or its column) has, so
 * `12500` pasted into a text column stays text and `abc` into a number column is refused. A refused
 * cell keeps its value; the good cells of the same paste are kept (the plan lists the refused).
 */
import { cellType, columnType, parseCell } from './cells';
import { type DecimalMark, readLocaleNumber } from './locale-number';
import { idSource, withCell, withoutCell } from './rows';
import { minify } from './exact-json';
import { cellOf, tableToText } from './table';
import type { CellResult, CellType, EditRefusal, PastePlan, RecordRow, RecordTable } from './types';

export type PasteResult =
  { ok: true; table: RecordTable; plan: PastePlan } | { ok: false; refusal: EditRefusal };

/** Whether the first of several grid rows is a header: every cell names a column, each once. */
export function isHeader(table: RecordTable, grid: readonly string[][]): boolean {
  const [first] = grid;
  if (!first || grid.length < 2 || first.length === 0) return false;
  const names = first.map((cell) => cell.trim());
  return names.every((name) => table.columns.includes(name)) && new Set(names).size === names.length;
}

/**
 * A pasted cell as a value of `type`: empty clears (text: ""), `null` is null in a typed column;
 * text pasted over a null is kept as text (parseCell).
 */
function pastedValue(text: string, type: CellType, decimal: DecimalMark | undefined): CellResult | 'clear' {
  if (type === 'text') return parseCell(text, 'text');
  if (text.trim() === '') return 'clear';
  if (text.trim() === 'null') return { ok: true, value: { kind: 'null' } };
  if (type === 'number' && decimal) {
    // `12.500` in a German sheet is twelve thousand five hundred: the sheet's marks come first.
    const read = readLocaleNumber(text, decimal);
    if (read !== null) return { ok: true, value: { kind: 'number', raw: read } };
  }
  return parseCell(text, type);
}

export function planPaste(
  table: RecordTable,
  at: { row: number; column: string },
  grid: string[][],
  decimal?: DecimalMark,
): PasteResult {
  const start = table.rows.findIndex((row) => row.id === at.row);
  if (start < 0 && !(table.rows.length === 0 && at.row === 0))
    return { ok: false, refusal: { code: 'unknownRow', row: at.row } };
  const first = Math.max(0, start);
  const header = isHeader(table, grid);
  const startColumn = table.columns.indexOf(at.column);
  if (!header && startColumn < 0) return { ok: false, refusal: { code: 'unknownColumn', name: at.column } };
  const targets = header
    ? (grid[0] as string[]).map((name) => name.trim())
    : Array.from(
        { length: Math.max(0, ...grid.map((r) => r.length)) },
        (_, j) => table.columns[startColumn + j],
      );
  const data = header ? grid.slice(1) : grid;
  const types = new Map(table.columns.map((c) => [c, columnType(table, c)]));
  const ids = idSource(table);
  const rows = [...table.rows];
  const plan: PastePlan = {
    header,
    changedCells: 0,
    addedRows: 0,
    droppedColumns: 0,
    refusals: [],
    lengthAfter: 0,
  };
  plan.droppedColumns = targets.filter((c) => c === undefined).length;
  data.forEach((cells, r) => {
    const index = first + r;
    let row: RecordRow | undefined = rows[index];
    const added = !row;
    if (!row) {
      row = { id: ids.nextRowId(), entries: [] };
      plan.addedRows += 1;
    }
    cells.forEach((text, j) => {
      const column = targets[j];
      if (column === undefined || !row) return;
      const before = cellOf(row, column);
      const value = pastedValue(text, before ? cellType(before) : (types.get(column) as CellType), decimal);
      if (value !== 'clear' && !value.ok) {
        plan.refusals.push({
          gridRow: r + 1 + (header ? 1 : 0),
          column,
          code: value.code,
          ...(value.detail === undefined ? {} : { detail: value.detail }),
        });
        return;
      }
      const next =
        value === 'clear' ? withoutCell(row, column) : withCell(row, table.columns, column, value.value);
      if (next !== row && !(before && value !== 'clear' && minify(before) === minify(value.value)))
        plan.changedCells += 1;
      row = next;
    });
    if (added && ids.column !== null && !cellOf(row, ids.column))
      row = withCell(row, table.columns, ids.column, ids.nextValue());
    rows[index] = row;
  });
  const after = { ...table, rows };
  plan.lengthAfter = tableToText(after).length;
  return { ok: true, table: after, plan };
}
