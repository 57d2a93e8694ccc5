/**
 * Sign-out confirmation: says what goes at once, and asks, with counts, whether the drafts and the
 * history go too (kept unless the box is ticked).
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';

export interface ForgetCounts {
  drafts: number;
  history: number;
}

interface ForgetDialogProps {
  name: string;
  /** null while they are being counted. */
  counts: ForgetCounts | null;
  onConfirm: (deleteDraftsAndHistory: boolean) => void;
  onCancel: () => void;
}

export function ForgetDialog({ name, counts, onConfirm, onCancel }: ForgetDialogProps) {
  const id = useId();
  const [deleteAll, setDeleteAll] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div class="confirm" role="group" aria-labelledby={`${id}-q`} aria-describedby={`${id}-c`}>
      <p id={`${id}-q`}>{t('forget_profile_question', name)}</p>
      <p id={`${id}-c`} role="status">
        {counts
          ? t('forget_counts', [String(counts.drafts), String(counts.history)])
          : t('forget_counts_loading')}
      </p>
      <label class="choice">
        <input
          type="checkbox"
          checked={deleteAll}
          onChange={(event) => setDeleteAll(event.currentTarget.checked)}
        />
        <span>{t('forget_deleteDrafts')}</span>
      </label>
      <div class="actions">
        <button type="button" class="button button--danger" onClick={() => onConfirm(deleteAll)}>
          {t('action_forget_confirm')}
        </button>
        <button ref={cancel} type="button" class="button" onClick={onCancel}>
          {t('action_cancel')}
        </button>
      </div>
    </div>
  );
}
