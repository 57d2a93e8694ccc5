/** Every table action as a named button: rows, columns, the focused cell's type, undo and redo. */
import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { cellText, parseCell } from '../../lib/records/cells';
import { cellOf, cellType } from '../../lib/records/table';
import type { CellType } from '../../lib/records/types';
import { ColumnForm } from './ColumnForm';
import { type RecordsModel, columnType } from './records-model';
import { CELL_TYPES, typeLabel } from './records-text';

async function copyToClipboard(rows: { text: string; html: string }): Promise<void> {
  const blob = (text: string, type: string) => new Blob([text], { type });
  if (typeof ClipboardItem === 'function' && navigator.clipboard?.write) {
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/plain': blob(rows.text, 'text/plain'),
        'text/html': blob(rows.html, 'text/html'),
      }),
    ]);
  } else await navigator.clipboard.writeText(rows.text);
}

const Button = ({ label, onClick, disabled }: { label: string; onClick: () => void; disabled?: boolean }) => (
  <button
    type="button"
    class="button button--small"
    aria-disabled={disabled ? 'true' : undefined}
    onClick={() => !disabled && onClick()}
  >
    {label}
  </button>
);

export function RecordsToolbar({ model }: { model: RecordsModel }) {
  const [form, setForm] = useState<'add' | 'rename' | null>(null);
  const table = model.table.value;
  const at =
    model.focus.value ??
    (table?.rows[0] && table.columns[0] !== undefined
      ? { row: table.rows[0].id, column: table.columns[0] }
      : null);
  const row = at && table?.rows.find((r) => r.id === at.row);
  const value = row && at ? cellOf(row, at.column) : undefined;
  const noRow = !row;
  const column = at?.column;
  const rows = () => model.targetRows();
  const changeType = (type: CellType) => {
    if (!at) return;
    if (type === 'null') return void model.apply({ kind: 'setCell', ...at, value: { kind: 'null' } });
    const converted = value ? parseCell(cellText(value), type) : null;
    if (converted?.ok) model.apply({ kind: 'setCell', ...at, value: converted.value });
    else model.startEdit(at, type, value ? cellText(value) : '');
  };
  return (
    <div class="records__toolbar" role="toolbar" aria-label={t('records_actions')}>
      <div class="records__group" role="group" aria-label={t('records_rows')}>
        <Button label={t('records_addRowEnd')} onClick={() => model.apply({ kind: 'addRow' })} />
        <Button
          label={t('records_addRowBelow')}
          disabled={noRow}
          onClick={() => at && model.apply({ kind: 'addRow', after: at.row })}
        />
        <Button
          label={t('records_duplicate')}
          disabled={noRow}
          onClick={() => model.apply({ kind: 'duplicateRows', rows: rows() })}
        />
        <Button
          label={
            model.selected.value.size > 1
              ? t('records_deleteRows', String(model.selected.value.size))
              : t('records_deleteRow')
          }
          disabled={noRow}
          onClick={() => (
            model.apply({ kind: 'deleteRows', rows: rows() }),
            (model.selected.value = new Set())
          )}
        />
        <Button
          label={t('records_moveUp')}
          disabled={noRow}
          onClick={() => at && model.apply({ kind: 'moveRow', row: at.row, by: -1 })}
        />
        <Button
          label={t('records_moveDown')}
          disabled={noRow}
          onClick={() => at && model.apply({ kind: 'moveRow', row: at.row, by: 1 })}
        />
        <Button
          label={t('records_copyRows')}
          disabled={noRow}
          onClick={() => {
            const copied = model.copyRows();
            if (copied)
              void copyToClipboard(copied).then(
                () => (model.message.value = t('records_copied')),
                (e: unknown) => (model.message.value = t('records_copyFailed', String(e))),
              );
          }}
        />
      </div>
      <div
        class="records__group"
        role="group"
        aria-label={column === undefined ? t('records_columns') : t('records_columnNamed', column)}
      >
        <Button label={t('records_addColumn')} onClick={() => setForm('add')} />
        <Button
          label={t('records_renameColumn')}
          disabled={column === undefined}
          onClick={() => setForm('rename')}
        />
        <Button
          label={t('records_removeColumn')}
          disabled={column === undefined}
          onClick={() => column !== undefined && model.apply({ kind: 'removeColumn', name: column })}
        />
        <Button
          label={t('records_moveLeft')}
          disabled={column === undefined}
          onClick={() => column !== undefined && model.apply({ kind: 'moveColumn', name: column, by: -1 })}
        />
        <Button
          label={t('records_moveRight')}
          disabled={column === undefined}
          onClick={() => column !== undefined && model.apply({ kind: 'moveColumn', name: column, by: 1 })}
        />
        <Button
          label={t('records_sortAsc')}
          disabled={column === undefined}
          onClick={() => column !== undefined && model.apply({ kind: 'sortRows', column, direction: 'asc' })}
        />
        <Button
          label={t('records_sortDesc')}
          disabled={column === undefined}
          onClick={() => column !== undefined && model.apply({ kind: 'sortRows', column, direction: 'desc' })}
        />
      </div>
      <div class="records__group" role="group" aria-label={t('records_cell')}>
        <label class="records__typepick">
          {t('records_cellType')}
          <select
            value={value ? cellType(value) : column !== undefined ? columnType(table, column) : 'text'}
            disabled={noRow}
            onChange={(e) => changeType(e.currentTarget.value as CellType)}
          >
            {CELL_TYPES.map((each) => (
              <option key={each} value={each}>
                {typeLabel(each)}
              </option>
            ))}
          </select>
        </label>
        <Button
          label={t('records_clearCell')}
          disabled={value === undefined}
          onClick={() => at && model.apply({ kind: 'clearCell', ...at })}
        />
        <Button label={t('records_undo')} disabled={!model.canUndo.value} onClick={model.undo} />
        <Button label={t('records_redo')} disabled={!model.canRedo.value} onClick={model.redo} />
      </div>
      {form && (
        <ColumnForm
          mode={form}
          initial={form === 'rename' ? (column ?? '') : ''}
          onCancel={() => setForm(null)}
          onSubmit={(name, type) =>
            form === 'add'
              ? model.apply({
                  kind: 'addColumn',
                  name,
                  type,
                  ...(table && column !== undefined ? { at: table.columns.indexOf(column) + 1 } : {}),
                })
              : column !== undefined && model.apply({ kind: 'renameColumn', from: column, to: name })
          }
        />
      )}
    </div>
  );
}
