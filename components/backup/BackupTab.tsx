/** The editor's Backup & restore section: the backup, a backup file to restore, and the kept jobs' history. */
import type { Backup } from '../jobs/backup-model';
import type { ImportPanelModel } from '../import/import-panel-model';
import { HistoryPart } from '../import/ImportPanel';
import { RestorePart } from '../import/RestorePart';
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
