/**
 * The grid's keys (WAI-ARIA grid pattern): arrows, Home/End and Tab move between cells; Enter or
 * F2 edits, typing starts an edit with that character; Delete makes a value absent; Alt+↑/↓ moves
 * the row, Ctrl+D duplicates, Shift+Space selects the row; Ctrl+Z undoes, Ctrl+Shift+Z / Ctrl+Y redo.
 */
import type { CellAt, RecordsModel } from './records-model';

export type Handled = { focus: CellAt | null } | null;

/** The cell `by` rows and columns away, kept inside the table; Tab wraps to the next row. */
export function neighbour(
  model: RecordsModel,
  at: CellAt,
  rows: number,
  cols: number,
  wrap = false,
): CellAt | null {
  const table = model.table.peek();
  if (!table) return null;
  const r = table.rows.findIndex((row) => row.id === at.row);
  let c = table.columns.indexOf(at.column) + cols;
  let nextRow = r + rows;
  if (wrap && c >= table.columns.length) {
    c = 0;
    nextRow += 1;
  }
  if (wrap && c < 0) {
    c = table.columns.length - 1;
    nextRow -= 1;
  }
  if (wrap && (nextRow < 0 || nextRow >= table.rows.length)) return null;
  const row = table.rows[Math.max(0, Math.min(table.rows.length - 1, nextRow))];
  const column = table.columns[Math.max(0, Math.min(table.columns.length - 1, c))];
  return row && column !== undefined ? { row: row.id, column } : null;
}

/** Handles a key on a focused cell (no editor open): where focus goes then, or null when not ours. */
export function gridKey(model: RecordsModel, at: CellAt, event: KeyboardEvent): Handled {
  const { key } = event;
  const ctrl = event.ctrlKey || event.metaKey;
  const lower = key.toLowerCase();
  if (ctrl && (lower === 'y' || (lower === 'z' && event.shiftKey))) return (model.redo(), { focus: at });
  if (ctrl && lower === 'z') return (model.undo(), { focus: at });
  // Ctrl+D fills down, as in every spreadsheet (Duplicate is a button of its own).
  if (ctrl && lower === 'd') {
    model.apply({ kind: 'fillDown', rows: model.targetRows(), column: at.column });
    return { focus: at };
  }
  if (event.altKey && (key === 'ArrowUp' || key === 'ArrowDown')) {
    model.apply({ kind: 'moveRows', rows: model.targetRows(), by: key === 'ArrowUp' ? -1 : 1 });
    return { focus: at };
  }
  if (ctrl || event.altKey) return null;
  const table = model.table.peek();
  switch (key) {
    case 'ArrowUp':
      return { focus: neighbour(model, at, -1, 0) };
    case 'ArrowDown':
      return { focus: neighbour(model, at, 1, 0) };
    case 'ArrowLeft':
      return { focus: neighbour(model, at, 0, -1) };
    case 'ArrowRight':
      return { focus: neighbour(model, at, 0, 1) };
    case 'Home':
      return { focus: table?.columns[0] !== undefined ? { row: at.row, column: table.columns[0] } : at };
    case 'End':
      return { focus: { row: at.row, column: table?.columns.at(-1) ?? at.column } };
    case 'Tab': {
      const next = neighbour(model, at, 0, event.shiftKey ? -1 : 1, true);
      return next ? { focus: next } : null;
    }
    case 'Enter':
    case 'F2':
      model.startEdit(at);
      return { focus: null };
    case 'Delete':
    case 'Backspace':
      model.apply({ kind: 'clearCell', row: at.row, column: at.column });
      return { focus: at };
    case ' ':
      if (!event.shiftKey) break;
      model.selected.value = toggled(model.selected.peek(), at.row);
      return { focus: at };
    case 'Escape':
      model.selected.value = new Set();
      return { focus: at };
  }
  if (key.length === 1) {
    model.startEdit(at, undefined, key);
    return { focus: null };
  }
  return null;
}

export function toggled(set: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}
