/** Every table action as a named button: rows, columns, the focused cell's type, undo and redo. */
import { useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { cellOf } from '../../lib/records/table';
import { CellActions } from './CellActions';
import { ColumnActions } from './ColumnActions';
import { ColumnForm } from './ColumnForm';
import type { RecordsModel } from './records-model';
import { RowActions } from './RowActions';

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
  const column = at?.column;
  return (
    <div class="records__toolbar" role="toolbar" aria-label={t('records_actions')}>
      <RowActions model={model} row={row && at ? at.row : null} />
      <ColumnActions model={model} column={column} onForm={setForm} />
      <CellActions model={model} table={table} at={at} value={value} noRow={!row} />
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
