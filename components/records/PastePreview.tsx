/**
 * A paste that adds more than one row or has refused cells, shown before it is kept: what it changes,
 * the size after, and the cells it could not read (they keep their value; the rest can be kept).
 */
import { t } from '../../lib/i18n';
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
