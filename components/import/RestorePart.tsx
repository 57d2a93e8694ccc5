/** The backup section's restore: a backup file, checked and previewed as any import document. */
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { ImportPanelModel } from './import-panel-model';

export function RestorePart({ model }: { model: ImportPanelModel }) {
  // The file control alone is named "Restore" (its heading names no region): one thing to find by it.
  const ids = { restore: useId(), restoreHint: useId() };
  return (
    <div class="restore">
      <h3>{t('restore_heading')}</h3>
      <p class="hint" id={ids.restoreHint}>
        {t('restore_intro')}
      </p>
      <div class="field">
        <label for={ids.restore}>{t('restore_file')}</label>
        <input
          id={ids.restore}
          type="file"
          accept="application/json,.json"
          aria-describedby={ids.restoreHint}
          onChange={(event) => model.readFile(event.currentTarget.files?.[0], 'backup')}
        />
      </div>
    </div>
  );
}
