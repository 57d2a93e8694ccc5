/** The focused cell's actions: its type (converted when its text fits the new type, else edited), clear; undo, redo. */
import { t } from '../../lib/i18n';
import { CELL_TYPES, cellText, cellType, columnType, parseCell } from '../../lib/records/cells';
import type { CellType, Json, RecordTable } from '../../lib/records/types';
import type { RecordsModel } from './records-model';
import { typeLabel } from './records-text';
import { ToolbarButton as Button } from './ToolbarButton';

export function CellActions(props: {
  model: RecordsModel;
  table: RecordTable | null;
  at: { row: number; column: string } | null;
  /** The focused cell's value; undefined when absent. */
  value: Json | undefined;
  noRow: boolean;
}) {
  const { model, table, at, value, noRow } = props;
  const column = at?.column;
  const changeType = (type: CellType) => {
    if (!at) return;
    if (type === 'null') return void model.apply({ kind: 'setCell', ...at, value: { kind: 'null' } });
    const converted = value ? parseCell(cellText(value), type) : null;
    if (converted?.ok) model.apply({ kind: 'setCell', ...at, value: converted.value });
    else model.startEdit(at, type, value ? cellText(value) : '');
  };
  return (
    <div class="records__group" role="group" aria-label={t('records_cell')}>
      <label class="records__typepick">
        {t('records_cellType')}
        <select
          value={value ? cellType(value) : columnType(table, column ?? '')}
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
  );
}
