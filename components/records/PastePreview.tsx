/**
 * A paste that adds more than one row or has refused cells, shown before it is kept: what it changes,
 * the size after, and the cells it could not read (they keep their value; the rest can be kept).
 */
import { useMemo } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { applyEdit } from '../../lib/records/edits';
import { cellOf } from '../../lib/records/table';
import type { RecordTable, TableEdit } from '../../lib/records/types';
import { CellView } from './CellView';
import type { RecordsModel } from './records-model';
import { cellRefusal } from './records-text';

export function PastePreview({ model, limit }: { model: RecordsModel; limit: number | null }) {
  const pending = model.preview.value;
  if (!pending) return null;
  const { plan } = pending;
  return (
    <div class="records__preview notice" role="group" aria-label={t('records_pastePreview')}>
      <p>
        {t('records_pasteChanges', [String(plan.changedCells), String(plan.addedRows)])}{' '}
        {limit === null
          ? t('records_meterDocument', plan.lengthAfter.toLocaleString())
          : t('records_meter', [plan.lengthAfter.toLocaleString(), limit.toLocaleString()])}
        .{plan.header ? ` ${t('records_pasteHeader')}` : ''}
      </p>
      <PastedRows table={model.table.value} edit={pending.edit} header={plan.header} />
      {plan.refusals.length > 0 && <p>{t('records_pasteNotPasted')}</p>}
      {plan.refusals.length > 0 && (
        <ul>
          {plan.refusals.slice(0, 10).map((r) => (
            <li key={`${r.gridRow}:${r.column}`}>
              {t('records_pasteRefused', [String(r.gridRow), r.column, cellRefusal(r.code, r.detail)])}
            </li>
          ))}
        </ul>
      )}
      <div class="actions">
        <button type="button" class="button button--small button--primary" onClick={model.keepPaste}>
          {plan.refusals.length === 0 ? t('records_pasteKeep') : t('records_pasteKeepGood')}
        </button>
        <button type="button" class="button button--small" onClick={model.dropPaste}>
          {t('records_cancel')}
        </button>
      </div>
    </div>
  );
}

const SHOWN_ROWS = 5;

/** The first rows the paste writes, as they will be kept (numbers and yes/no read), in a real table. */
function PastedRows({
  table,
  edit,
  header,
}: {
  table: RecordTable | null;
  edit: TableEdit;
  header: boolean;
}) {
  const rows = useMemo(() => {
    if (!table || edit.kind !== 'paste') return null;
    const result = applyEdit(table, edit);
    if (!result.ok) return null;
    const start = Math.max(
      0,
      table.rows.findIndex((row) => row.id === edit.row),
    );
    const count = edit.grid.length - (header ? 1 : 0);
    return {
      after: result.table,
      shown: result.table.rows.slice(start, start + Math.min(count, SHOWN_ROWS)),
      count,
    };
  }, [table, edit, header]);
  if (!rows) return null;
  const { after, shown, count } = rows;
  return (
    <div class="records__pasted">
      <table class="records__grid">
        <caption class="visually-hidden">{t('records_pastedRows')}</caption>
        <thead>
          <tr>
            {after.columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.id}>
              {after.columns.map((column) => (
                <td key={column}>
                  <CellView value={cellOf(row, column)} showType={false} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {count > SHOWN_ROWS && <p class="hint">{t('records_pastedMore', String(count - SHOWN_ROWS))}</p>}
    </div>
  );
}
