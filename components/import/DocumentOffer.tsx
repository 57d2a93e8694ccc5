/** A JSON import that is no import document and larger than a slot: offered as a document across slots. */
import { t } from '../../lib/i18n';

export function DocumentOffer({ length, onAccept }: { length: number; onAccept?: () => void }) {
  return (
    <div class="notice" role="status">
      <p>{t('import_offerDocument', String(length))}</p>
      {onAccept && (
        <button type="button" class="button" onClick={onAccept}>
          {t('import_storeAsDocument')}
        </button>
      )}
    </div>
  );
}
