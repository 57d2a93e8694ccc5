/**
 * The records as a real <table> with the grid pattern: one tab stop (the focused cell), the keys
 * of grid-keys.ts, paste into the focused cell and copy of the selected rows. The focused cell is
 * described by its column, type and row. Rows render again only when they change.
 */
import type { JSX } from 'preact';
import { useEffect, useId, useMemo, useRef } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { cellType, columnKind } from '../../lib/records/cells';
import { cellOf } from '../../lib/records/table';
import { columnWidth } from '../../lib/records/widths';
import { RecordsFind } from './RecordsFind';
import { RecordsRow } from './RecordsRow';
import { gridKey, neighbour } from './grid-keys';
import type { CellAt, RecordsModel } from './records-model';
import { typeLabel } from './records-text';
import { ROW_PX, useRowWindow } from './row-window';

export function RecordsGrid({ model, label }: { model: RecordsModel; label: string }) {
  const table = model.table.value;
  const editing = model.editing.value;
  const selected = model.selected.value;
  const grid = useRef<HTMLTableElement>(null);
  const wantsFocus = useRef(false);
  const describe = useId();
  const kinds = useMemo(() => table?.columns.map((c) => columnKind(table, c)) ?? [], [table]);
  // Sized from every row, not the ones in view: the columns keep their widths while scrolling.
  const widths = useMemo(() => table?.columns.map((c) => columnWidth(table, c)) ?? [], [table]);
  const first =
    table?.rows[0] && table.columns[0] !== undefined
      ? { row: table.rows[0].id, column: table.columns[0] }
      : null;
  const known =
    model.focus.value &&
    table?.rows.some((r) => r.id === model.focus.value?.row) &&
    table.columns.includes(model.focus.value.column);
  const focus = known ? model.focus.value : first;
  const rows = useRowWindow(table?.rows.length ?? 0);
  const errorId = useId();
  const findBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!wantsFocus.current || editing || !focus || !table) return;
    wantsFocus.current = false;
    const c = table.columns.indexOf(focus.column);
    grid.current?.querySelector<HTMLElement>(`[data-cell="${focus.row}:${c}"]`)?.focus();
  });

  const moveTo = (next: CellAt | null) => {
    wantsFocus.current = true;
    if (!next) return;
    model.focus.value = next;
    rows.reveal(table?.rows.findIndex((r) => r.id === next.row) ?? 0);
  };
  /** The cell an event happened in (it has focus), else the focused one. */
  const cellOfEvent = (target: EventTarget | null): CellAt | null => {
    const [row, c] = ((target as HTMLElement | null)?.closest('td')?.dataset.cell ?? '')
      .split(':')
      .map(Number);
    const column = c === undefined ? undefined : table?.columns[c];
    if (row === undefined || Number.isNaN(row) || column === undefined) return focus;
    const at = { row, column };
    model.focus.value = at;
    return at;
  };
  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLTableElement>) => {
    if (event.key === 'Escape') event.stopPropagation();
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'f' && !editing) {
      event.preventDefault();
      return void findBox.current?.focus();
    }
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') return void model.commit();
    if (editing || (event.target as HTMLElement).tagName === 'INPUT') return;
    const at = cellOfEvent(event.target);
    if (!at) return;
    const handled = gridKey(model, at, event);
    if (!handled) return;
    event.preventDefault();
    moveTo(handled.focus);
  };
  const onPaste = (event: JSX.TargetedClipboardEvent<HTMLTableElement>) => {
    if (editing || !event.clipboardData) return;
    event.preventDefault();
    cellOfEvent(event.target);
    model.paste(
      event.clipboardData.getData('text/html') || undefined,
      event.clipboardData.getData('text/plain') || undefined,
    );
  };
  const onCopy = (event: JSX.TargetedClipboardEvent<HTMLTableElement>) => {
    const rows = editing ? null : model.copyRows();
    if (!rows || !event.clipboardData) return;
    event.preventDefault();
    event.clipboardData.setData('text/plain', rows.text);
    event.clipboardData.setData('text/html', rows.html);
  };
  const onEditDone = (by: 'enter' | 'tab' | 'shiftTab' | 'escape') => {
    const at = model.focus.peek() ?? focus;
    moveTo(
      at && (by === 'tab' || by === 'shiftTab') ? neighbour(model, at, 0, by === 'tab' ? 1 : -1, true) : at,
    );
  };
  if (!table) return null;
  const focusRow = focus ? table.rows.findIndex((r) => r.id === focus.row) : -1;
  const focusValue = focus && table.rows[focusRow] ? cellOf(table.rows[focusRow], focus.column) : undefined;

  return (
    <>
      <RecordsFind model={model} input={findBox} onFound={moveTo} />
      <div class="records__scroll" ref={rows.box} onScroll={rows.onScroll}>
        <table
          ref={grid}
          class="records__grid"
          role="grid"
          aria-label={label}
          aria-rowcount={table.rows.length + 1}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onCopy={onCopy}
        >
          <thead>
            <tr>
              <th scope="col" class="records__rowhead">
                {t('records_row')}
              </th>
              {table.columns.map((column, i) => (
                <th key={column} scope="col" style={{ minWidth: `min(16rem, ${widths[i] ?? 4}ch)` }}>
                  <span class="records__column">{column === '' ? t('records_emptyName') : column}</span>
                  <span class="cell__type">{kinds[i] ? typeLabel(kinds[i]) : t('records_absent')}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.from > 0 && <tr aria-hidden="true" style={{ height: `${rows.from * ROW_PX}px` }} />}
            {table.rows.slice(rows.from, rows.to).map((row, at) => (
              <RecordsRow
                key={row.id}
                errorId={errorId}
                model={model}
                row={row}
                index={rows.from + at}
                columns={table.columns}
                mixed={kinds.map((k) => k === 'mixed')}
                focused={focus?.row === row.id ? table.columns.indexOf(focus.column) : -1}
                editing={editing?.row === row.id ? editing : null}
                selected={selected.has(row.id)}
                describe={describe}
                onCell={(at) => moveTo(at)}
                onEditDone={onEditDone}
              />
            ))}
            {rows.to < table.rows.length && (
              <tr aria-hidden="true" style={{ height: `${(table.rows.length - rows.to) * ROW_PX}px` }} />
            )}
          </tbody>
        </table>
        {editing?.error && (
          <p id={errorId} class="field-error" role="alert">
            {editing.error}
          </p>
        )}
        <p id={describe} class="visually-hidden">
          {focus && focusRow >= 0
            ? t('records_focused', [
                focus.column,
                focusValue ? typeLabel(cellType(focusValue)) : t('records_absent'),
                String(focusRow + 1),
                String(table.rows.length),
              ])
            : t('records_noRows')}
        </p>
      </div>
    </>
  );
}
