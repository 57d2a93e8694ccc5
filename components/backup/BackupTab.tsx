/** The editor's Backup & restore section: the backup, a backup file to restore, and the kept jobs' history. */
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import type { Backup } from '../jobs/backup-model';
import type { ImportPanelModel } from '../import/import-panel-model';
import { HistoryPart } from '../import/ImportPanel';
import { BackupPanel } from './BackupPanel';

export function BackupTab({ backup, imports }: { backup: Backup; imports: ImportPanelModel }) {
  const { send, profileId } = imports.page.value;
  return (
    <>
      <BackupPanel send={send} profileId={profileId} backup={backup} />
      <div class="import">
        <RestorePart model={imports} />
        <HistoryPart model={imports} />
      </div>
    </>
  );
}

/** A backup file, checked and previewed as any import document. */
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
