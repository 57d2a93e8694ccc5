/**
 * The Table view over a text (issue 32): the table is the session's history's present, every edit
 * a step of that history written back into the text as minified JSON (the draft, as for the text
 * box). Opening writes nothing; the text is written on the first edit. The meter measures what a
 * save would write, the cell being typed included, re-serializing only the rows that changed.
 */
import { type ReadonlySignal, computed, createModel, effect, signal } from '@preact/signals';
import { cellText, cellType, columnType, parseCell } from '../../lib/records/cells';
import { clipboardFromRows, gridFromClipboard } from '../../lib/records/clipboard';
import { applyEdit, pastePlan } from '../../lib/records/edits';
import { historyPush, historyStart, redo, undo } from '../../lib/records/history';
import { minify } from '../../lib/records/exact-json';
import { decimalMarkOf } from '../../lib/records/locale-number';
import { createSizeMeter } from '../../lib/records/size';
import { uiLanguage } from '../display-format';
import { cellOf, tableFromText, tableToText } from '../../lib/records/table';
import type { CellType, Json, PastePlan, RecordTable, TableEdit } from '../../lib/records/types';
import type { TableSession } from './table-session';
import { describeRefusal } from './records-text';

export interface TableSource {
  session: TableSession;
  /** The draft text the table is a view over. */
  text: ReadonlySignal<string>;
  write: (text: string) => void;
  /** Characters a save may write (a slot's 2400); null for a document. */
  limit: number | null;
  /** Keeps the list as a document across slots (the Document section); null where there is none. */
  offerDocument?: ReadonlySignal<((text: string) => void) | null>;
}

export interface CellAt {
  row: number;
  column: string;
}
export interface CellEdit extends CellAt {
  type: CellType;
  initial: string;
  error: string | null;
}

export const RecordsModel = createModel((source: TableSource) => {
  const { session } = source;
  const meter = createSizeMeter();
  const focus = signal<CellAt | null>(null);
  const editing = signal<CellEdit | null>(null);
  /** What the open cell editor holds now (the meter counts it). */
  const typed = signal('');
  const selected = signal<ReadonlySet<number>>(new Set());
  const message = signal<string | null>(null);
  const preview = signal<{ plan: PastePlan; edit: TableEdit } | null>(null);

  // The table follows the text: opened from it, and again when the text was edited meanwhile.
  effect(() => {
    const text = source.text.value;
    const history = session.history.value;
    if (history && session.isWritten(text)) return;
    const parsed = tableFromText(text);
    if (!parsed.ok) return session.refuse(parsed.reason);
    session.wrote(text);
    session.history.value = history ? historyPush(history, parsed.table) : historyStart(parsed.table);
  });

  const table = computed(() => session.history.value?.present ?? null);

  const writeOut = (next: RecordTable) => {
    const text = tableToText(next);
    session.wrote(text);
    // The open cell's typing may have written it already.
    if (text !== source.text.peek()) source.write(text);
  };
  const step = (next: RecordTable) => {
    const history = session.history.peek();
    if (!history) return;
    session.history.value = historyPush(history, next);
    writeOut(next);
  };

  const apply = (edit: TableEdit): boolean => {
    const current = table.peek();
    if (!current) return false;
    if (edit.kind === 'setCell') {
      const before = current.rows.find((r) => r.id === edit.row);
      const value = before && cellOf(before, edit.column);
      if (value && sameJson(value, edit.value)) return true;
    }
    const result = applyEdit(current, edit);
    if (!result.ok) {
      message.value = describeRefusal(result.refusal);
      return false;
    }
    message.value = null;
    const at = focus.peek();
    if (edit.kind === 'renameColumn' && at?.column === edit.from) focus.value = { ...at, column: edit.to };
    step(result.table);
    return true;
  };

  const size = computed(() => {
    const current = table.value;
    if (!current) return null;
    const open = editing.value;
    let measured = current;
    if (open) {
      const value = parseCell(typed.value, open.type);
      const tentative = value.ok && applyEdit(current, { kind: 'setCell', ...open, value: value.value });
      if (tentative && tentative.ok) measured = tentative.table;
    }
    const m = meter.measure(measured);
    const row = focus.value?.row;
    return { total: m.total, row: row === undefined ? null : m.row(row) };
  });

  const move = (history: typeof undo) => () => {
    const current = session.history.peek();
    if (!current) return;
    const next = history(current);
    if (next === current) return;
    session.history.value = next;
    closeEdit();
    writeOut(next.present);
  };

  /** The draft's text before the open cell's typing went into it (restored when that is dropped). */
  let before = '';
  const closeEdit = () => {
    editing.value = null;
    session.editing(null);
  };
  // A view that goes with a cell open leaves its typing in the draft; the session forgets its commit.
  effect(() => () => session.editing(null));

  function startEdit(at: CellAt, type?: CellType, initial?: string) {
    const row = table.peek()?.rows.find((r) => r.id === at.row);
    const value = row && cellOf(row, at.column);
    const text = initial ?? (value ? cellText(value) : '');
    editing.value = {
      ...at,
      type: type ?? (value ? cellType(value) : columnType(table.peek(), at.column)),
      initial: text,
      error: null,
    };
    before = source.text.peek();
    session.editing(commit);
    typeCell(text);
  }

  /** A keystroke in the open cell: the draft holds it at once (a save, the page closing keep it). */
  function typeCell(text: string) {
    typed.value = text;
    const open = editing.peek();
    const current = table.peek();
    if (!open || !current) return;
    const value = parseCell(text, open.type);
    const row = current.rows.find((r) => r.id === open.row);
    const cell = row && cellOf(row, open.column);
    const unchanged = value.ok && cell !== undefined && sameJson(cell, value.value);
    const result =
      value.ok && !unchanged ? applyEdit(current, { kind: 'setCell', ...open, value: value.value }) : null;
    const next = result?.ok ? tableToText(result.table) : before;
    if (next === source.text.peek()) return;
    session.wrote(next);
    source.write(next);
  }

  /** Keeps the typed value when its type accepts it; else the editor stays open with the reason. */
  function commit(): boolean {
    const open = editing.peek();
    if (!open) return true;
    const value = parseCell(typed.peek(), open.type);
    if (!value.ok) {
      editing.value = {
        ...open,
        error: describeRefusal({
          code: 'cellRefused',
          row: open.row,
          column: open.column,
          cell: value.code,
          ...(value.detail ? { detail: value.detail } : {}),
        }),
      };
      return false;
    }
    closeEdit();
    return apply({ kind: 'setCell', row: open.row, column: open.column, value: value.value });
  }

  /** Escape: the typing is dropped, from the draft too. */
  function cancel() {
    if (!editing.peek()) return;
    closeEdit();
    if (source.text.peek() === before) return;
    session.wrote(before);
    source.write(before);
  }

  return {
    table,
    focus,
    editing,
    typed,
    selected,
    message,
    preview,
    size,
    canUndo: computed(() => (session.history.value?.past.length ?? 0) > 0),
    canRedo: computed(() => (session.history.value?.future.length ?? 0) > 0),
    apply,
    undo: move(undo),
    redo: move(redo),
    /** The rows an action applies to: the selected ones, else the focused one. */
    targetRows: (): number[] => {
      const chosen = [...selected.peek()];
      const at = focus.peek();
      return chosen.length > 0 ? chosen : at ? [at.row] : [];
    },
    startEdit,
    typeCell,
    commit,
    cancel,
    /** A paste: kept at once, or previewed first when it adds more than one row. */
    paste: (html: string | undefined, text: string | undefined) => {
      const at = focus.peek();
      const current = table.peek();
      if (!at || !current) return;
      const grid = gridFromClipboard(html, text, (h) => new DOMParser().parseFromString(h, 'text/html'));
      if (!grid.ok) {
        message.value = describeRefusal({ code: 'clipboard', clipboard: grid.code, limit: grid.limit });
        return;
      }
      const edit: TableEdit = {
        kind: 'paste',
        row: at.row,
        column: at.column,
        grid: grid.grid,
        ...(grid.from === 'text' ? { decimal: decimalMarkOf(uiLanguage()) } : {}),
      };
      const plan = pastePlan(current, edit);
      if (plan.addedRows > 1 || plan.refusals.length > 0) preview.value = { plan, edit };
      else apply(edit);
    },
    keepPaste: () => {
      const pending = preview.peek();
      preview.value = null;
      if (pending) apply(pending.edit);
    },
    dropPaste: () => {
      preview.value = null;
    },
    copyRows: (): { text: string; html: string } | null => {
      const current = table.peek();
      const rows = [...selected.peek()];
      const at = focus.peek();
      if (!current) return null;
      return clipboardFromRows(current, rows.length > 0 ? rows : at ? [at.row] : []);
    },
  };
});
export type RecordsModel = InstanceType<typeof RecordsModel>;

const sameJson = (a: Json, b: Json) => minify(a) === minify(b);
