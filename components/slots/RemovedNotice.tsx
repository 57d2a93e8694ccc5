/**
 * A slot whose stored text holds the account's token or secret is shown with it removed (the HTTP
 * layer removes both from every server text): says that the text shown is not the stored text,
 * and asks before a save writes the marker in the credential's place.
 */
import { holdsRemoved } from '../../lib/api/redact';
import { t } from '../../lib/i18n';
import type { SlotModel } from './slot-model';
import type { SlotSaves } from './slot-saves';

export function RemovedNotice({ model, saves }: { model: SlotModel; saves: SlotSaves }) {
  const server = model.server.value;
  if (!server || !holdsRemoved(server.title, server.data)) return null;
  return (
    <>
      <p class="notice">{t('slot_removedShown')}</p>
      {model.confirmRemoved.value && (
        <div class="notice" role="alert">
          <p>{t('slot_removedConfirm')}</p>
          <button type="button" class="button" onClick={() => void saves.save(model, true)}>
            {t('slot_removedSave')}
          </button>
          <button type="button" class="button" onClick={() => (model.confirmRemoved.value = false)}>
            {t('slot_removedKeep')}
          </button>
        </div>
      )}
    </>
  );
}
