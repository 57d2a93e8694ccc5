/** A checked document before it is written: its target, each slot against its current value, Confirm. */
import type { BuildingListEntry } from '../../lib/api/schemas';
import { t } from '../../lib/i18n';
import type { ImportPreview } from '../../lib/messaging/protocol';
import { budgetOfCost, readCost } from '../../lib/jobs/write-plan';
import { CostLine, ReadCurrentButton } from './CostLine';
import { PreviewSlot } from './Preview';
import { nameTarget } from './target-name';

interface PreviewSectionProps {
  preview: Extract<ImportPreview, { status: 'ready' }>;
  buildings: readonly BuildingListEntry[] | null;
  /** The account's factories (listed or added by hand), to name a factory target. */
  factories?: readonly { id: string; name: string }[];
  starting: boolean;
  /** Previews again with the slots not known read now (the user asked to see their values). */
  onReadCurrent?: () => void;
  onConfirm: () => void;
  onCancel: () => void;
}

export function PreviewSection(props: PreviewSectionProps) {
  const { preview, buildings, factories, starting, onReadCurrent, onConfirm, onCancel } = props;
  const changed = preview.items.filter((item) => !item.unchanged).length;
  const toRead = readCost(preview.items, budgetOfCost(preview.cost));
  const name = nameTarget(preview.target, buildings, factories);
  return (
    <section class="preview" aria-label={t('import_preview')}>
      <h3>{t('import_previewOf', [name.label, String(changed), String(preview.items.length)])}</h3>
      {!name.listed && (
        <p class="notice" role="alert">
          {t('import_targetNotListed', name.label)}
        </p>
      )}
      <ol class="preview__slots">
        {preview.items.map((item) => (
          <PreviewSlot key={item.slot} item={item} />
        ))}
      </ol>
      <CostLine cost={preview.cost} />
      <div class="actions">
        {changed > 0 ? (
          <button
            type="button"
            class="button button--primary"
            aria-disabled={starting ? 'true' : undefined}
            onClick={onConfirm}
          >
            {t('import_confirm', String(changed))}
          </button>
        ) : (
          <p class="hint">{t('import_nothing')}</p>
        )}
        <ReadCurrentButton reads={toRead.reads} minutes={toRead.minutes} onRead={onReadCurrent} />
        <button type="button" class="button button--quiet" onClick={onCancel}>
          {t('import_cancel')}
        </button>
      </div>
    </section>
  );
}
