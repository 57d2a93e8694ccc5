/** A slot's actions: save, discard, its history and the copy, or the conflict of its last save. */
import { t } from '../../lib/i18n';
import { ConflictDialog } from '../shared/ConflictDialog';
import type { PageContext } from '../page/context';
import { CopySlotEntry } from './CopySlotEntry';
import type { SlotModel } from './slot-model';
import type { Workspace } from './workspace';

/** "History", and once read "History: 3 versions": the slot's replaced values, not a count of failures. */
function historyLabel(history: readonly unknown[] | null): string {
  if (!history) return t('slot_history');
  if (history.length === 0) return t('slot_historyNone');
  return history.length === 1 ? t('slot_historyOne') : t('slot_historyCount', String(history.length));
}

export function SlotActions({
  model,
  workspace,
  page,
}: {
  model: SlotModel;
  workspace: Workspace;
  page: PageContext;
}) {
  const { drafts, saves } = workspace;
  const [title, data] = [model.title.value, model.data.value];
  const conflict = model.conflict.value;
  const history = model.history.value;
  return conflict ? (
    <ConflictDialog
      option={model.option.value}
      mine={{ title, data }}
      server={conflict}
      onKeepMine={() => void saves.keepMine(model)}
      onTakeServer={() => saves.takeServer(model)}
    />
  ) : (
    <div class="actions">
      <button
        type="button"
        class="button button--primary"
        aria-disabled={model.saving.value ? 'true' : undefined}
        onClick={() => void saves.save(model)}
      >
        {model.saving.value ? t('slot_saving') : t('slot_save')}
      </button>
      {model.dirty.value && (
        <button type="button" class="button" onClick={() => drafts.discard(model)}>
          {t('slot_discard')}
        </button>
      )}
      <button
        type="button"
        class="button"
        aria-expanded={history ? 'true' : 'false'}
        onClick={() => {
          if (history) model.history.value = null;
          else void saves.loadHistory(model);
        }}
      >
        {historyLabel(history)}
      </button>
      <CopySlotEntry
        page={page}
        option={model.option.value}
        content={{ title, data }}
        readAt={model.dirty.value ? null : model.readAt.value}
      />
    </div>
  );
}
