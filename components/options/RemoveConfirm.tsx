/** Asks before a profile is removed; nothing is removed until the user confirms. */
import { t } from '../../lib/i18n';

interface RemoveConfirmProps {
  name: string;
  onRemove: () => void;
  onCancel: () => void;
}

export function RemoveConfirm({ name, onRemove, onCancel }: RemoveConfirmProps) {
  return (
    <div class="confirm" role="group" aria-label={t('action_remove', name)}>
      <p>{t('profile_remove_question', name)}</p>
      <div class="actions">
        <button type="button" class="button button--danger" onClick={onRemove}>
          {t('action_remove_confirm')}
        </button>
        <button type="button" class="button" onClick={onCancel}>
          {t('action_cancel')}
        </button>
      </div>
    </div>
  );
}
