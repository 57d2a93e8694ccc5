/** Told after a save that met a full storage: what was removed, or the replaced value itself. */
import type { PageOption } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import type { KeptDraft } from '../../lib/storage/storage-room';

export interface StorageNoticeProps {
  notice: { kind: 'madeRoom' | 'notKept'; replaced: PageOption | null };
}

export function StorageNotice({ notice }: StorageNoticeProps) {
  if (notice.kind === 'madeRoom')
    return (
      <p class="hint" role="note">
        {t('slot_storage_madeRoom')}
      </p>
    );
  return (
    <div class="notice" role="alert">
      <p>{t('slot_storage_notKept')}</p>
      {notice.replaced && (
        <dl>
          <dt>{t('field_title')}</dt>
          <dd class="pre">{notice.replaced.title}</dd>
          <dt>{t('field_data')}</dt>
          <dd class="pre">{notice.replaced.data}</dd>
        </dl>
      )}
    </div>
  );
}

/**
 * Told when a draft met a full storage: room was made, or what was typed could not be kept (the
 * browser's quota, or the drafts of other slots fill their budget).
 */
export function DraftNotice({ kind }: { kind: Exclude<KeptDraft, 'kept'> }) {
  if (kind === 'madeRoom')
    return (
      <p class="hint" role="note">
        {t('slot_draft_madeRoom')}
      </p>
    );
  return (
    <div class="notice" role="alert">
      <p>{t(kind === 'draftsFull' ? 'slot_draft_draftsFull' : 'slot_draft_notKept')}</p>
    </div>
  );
}
