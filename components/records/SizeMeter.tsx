/**
 * What a save would write, against the slot's limit, with the current row's share; past the limit
 * the save is refused and the list may be kept as a document across slots instead. A text laid out
 * over lines (pretty-printed) is said to be written compact by the first edit (a line break or tab
 * outside a JSON string is layout: inside one it is always escaped).
 */
import { t } from '../../lib/i18n';
import type { RecordsModel, TableSource } from './records-model';

const n = (value: number) => value.toLocaleString();

export function SizeMeter({ model, source }: { model: RecordsModel; source: TableSource }) {
  const size = model.size.value;
  const { limit } = source;
  const offerDocument = source.offerDocument?.value;
  if (!size) return null;
  const row = size.row === null ? '' : t('records_meterRow', n(size.row));
  const over = limit !== null && size.total > limit;
  return (
    <div class="records__meter">
      <p class={over ? 'field-error' : 'hint'} aria-live="polite">
        {limit === null
          ? t('records_meterDocument', n(size.total))
          : t('records_meter', [n(size.total), n(limit)])}{' '}
        {row}
      </p>
      {/[\n\r\t]/.test(source.text.value) && <p class="hint">{t('records_writtenCompact')}</p>}
      {over && (
        <div class="notice" role="alert">
          <p>{t('records_over', [n(size.total - limit), n(limit)])}</p>
          {offerDocument && (
            <button
              type="button"
              class="button button--small"
              onClick={() => offerDocument(source.text.peek())}
            >
              {t('records_asDocument')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
