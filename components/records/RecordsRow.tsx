/** One record as a row of the grid: its number and select box, then a cell per column. Drawn again only when it changed. */
import { memo } from 'preact/compat';
import { t } from '../../lib/i18n';
import { cellOf } from '../../lib/records/table';
import type { RecordRow } from '../../lib/records/types';
import { CellEditor } from './CellEditor';
import { CellView } from './CellView';
import { toggled } from './grid-keys';
import type { CellAt, CellEdit, RecordsModel } from './records-model';

interface RowProps {
  model: RecordsModel;
  row: RecordRow;
  index: number;
  columns: readonly string[];
  mixed: boolean[];
  focused: number;
  editing: CellEdit | null;
  selected: boolean;
  describe: string;
  errorId: string;
  onCell: (at: CellAt) => void;
  onEditDone: (by: 'enter' | 'tab' | 'shiftTab' | 'escape') => void;
}

export const RecordsRow = memo(
  function Row({
    model,
    row,
    index,
    columns,
    mixed,
    focused,
    editing,
    selected,
    describe,
    errorId,
    onCell,
    onEditDone,
  }: RowProps) {
    return (
      <tr
        aria-rowindex={index + 2}
        aria-selected={selected ? 'true' : 'false'}
        class={selected ? 'records__row--selected' : undefined}
      >
        <th
          scope="row"
          class="records__rowhead"
          onClick={(event) =>
            event.target === event.currentTarget &&
            onCell({ row: row.id, column: columns[Math.max(0, focused)] ?? '' })
          }
        >
          <label class="records__select">
            <input
              type="checkbox"
              tabIndex={-1}
              checked={selected}
              aria-label={t('records_selectRow', String(index + 1))}
              onChange={() => (model.selected.value = toggled(model.selected.peek(), row.id))}
            />
            {index + 1}
          </label>
        </th>
        {columns.map((column, c) => (
          <td
            key={column}
            data-cell={`${row.id}:${c}`}
            tabIndex={focused === c ? 0 : -1}
            aria-describedby={focused === c ? describe : undefined}
            onClick={() => onCell({ row: row.id, column })}
            onDblClick={() => (onCell({ row: row.id, column }), model.startEdit({ row: row.id, column }))}
          >
            {editing?.column === column ? (
              <CellEditor model={model} edit={editing} errorId={errorId} onDone={onEditDone} />
            ) : (
              <CellView value={cellOf(row, column)} showType={mixed[c] ?? false} />
            )}
          </td>
        ))}
      </tr>
    );
  },
  (a, b) =>
    a.row === b.row &&
    a.index === b.index &&
    a.columns === b.columns &&
    a.focused === b.focused &&
    a.editing === b.editing &&
    a.selected === b.selected &&
    a.mixed.join() === b.mixed.join(),
);
