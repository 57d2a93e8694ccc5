/**
 * The slots of a finished job that held something else at write time than the user was shown
 * (lib/jobs/checked-write.ts: nothing was written there), each with both values. They are settled
 * one by one, or, when there are several, all at once: a restore after another writer changed six
 * slots takes one more click, not six.
 */
import { useEffect, useId, useRef } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { itemKey } from '../../lib/jobs/job';
import type { JobItem } from '../../lib/storage/jobs';
import { ConflictDialog, type ConflictWords } from '../shared/ConflictDialog';
import type { InConflict } from '../jobs/conflicts';
import type { ConflictChoice } from '../jobs/job-model';

/** What became of a conflict the user settled here: the job's value written, or the later one kept. */

/** Whose words: an edit's or an import's ("Yours"), or a restore's ("In the backup", "Now on the server"). */
export type ConflictVoice = 'edit' | 'restore';

const restoreWords = (): ConflictWords => ({
  detail: t('conflict_detailRestore'),
  mine: t('conflict_backup'),
  server: t('conflict_current'),
  keepMine: t('conflict_restoreBackup'),
  takeServer: t('conflict_keepCurrent'),
});

function allWords(voice: ConflictVoice, count: string): Record<ConflictChoice, string> {
  return voice === 'restore'
    ? { mine: t('conflicts_restoreAll', count), server: t('conflicts_keepCurrentAll', count) }
    : { mine: t('conflicts_keepMineAll', count), server: t('conflicts_takeServerAll', count) };
}

interface ConflictListProps {
  conflicts: readonly InConflict[];
  voice: ConflictVoice;
  /** The item's target, named, in a job across targets. */
  targetLabel: (item: JobItem) => string | undefined;
  onResolve: (item: JobItem, choice: ConflictChoice) => void;
  /** Settles every conflict shown with one choice; without it, one by one only. */
  onResolveAll?: ((choice: ConflictChoice) => void) | undefined;
  /** A choice for all is being written. */
  settling?: boolean;
}

export function ConflictList(props: ConflictListProps) {
  const { conflicts, voice, targetLabel, onResolve, onResolveAll, settling = false } = props;
  const id = useId();
  const first = useRef<HTMLButtonElement>(null);
  const several = conflicts.length > 1 && onResolveAll !== undefined;
  // Several: the choice for all comes first and takes the focus (one dialog takes it when alone).
  useEffect(() => {
    if (several) first.current?.focus();
  }, [several]);
  const words = voice === 'restore' ? restoreWords() : undefined;
  const dialogs = conflicts.map((item) => {
    const label = targetLabel(item);
    return (
      <ConflictDialog
        key={itemKey(item)}
        option={item.slot}
        {...(label ? { targetLabel: label } : {})}
        mine={{ title: item.title, data: item.data }}
        server={item.conflict}
        onKeepMine={() => onResolve(item, 'mine')}
        onTakeServer={() => onResolve(item, 'server')}
        {...(words ? { words } : {})}
        takesFocus={!several}
      />
    );
  });
  if (!several) return <>{dialogs}</>;
  const count = String(conflicts.length);
  const all = allWords(voice, count);
  const choose = (choice: ConflictChoice) => {
    if (!settling) onResolveAll(choice);
  };
  return (
    <section class="conflicts" aria-labelledby={id}>
      <h4 id={id}>{t('conflicts_heading', count)}</h4>
      <p class="hint">{t('conflicts_detail', count)}</p>
      <div class="actions">
        <button
          ref={first}
          type="button"
          class="button button--danger"
          aria-disabled={settling ? 'true' : undefined}
          onClick={() => choose('mine')}
        >
          {all.mine}
        </button>
        <button
          type="button"
          class="button"
          aria-disabled={settling ? 'true' : undefined}
          onClick={() => choose('server')}
        >
          {all.server}
        </button>
      </div>
      {dialogs}
    </section>
  );
}
