/** The full layout's slots: every slot with content open, each run of empty slots folded into one line. */
import { t } from '../../lib/i18n';
import { isEmptySlot } from '../../lib/slots/clearing';
import { SlotEditor } from './SlotEditor';
import type { SlotModel } from './slot-model';
import type { PageContext } from '../page/context';
import type { Workspace } from './workspace';

interface SlotsProps {
  workspace: Workspace;
  page: PageContext;
}

/** An empty slot folds unless something about it is on screen: an edit, a save, an error, its history. */
function folds(model: SlotModel, placeholder: string): boolean {
  if (!model.server.value || model.loadError.value || model.opened.value) return false;
  if (model.dirty.value || model.saving.value || model.saved.value || model.conflict.value) return false;
  if (model.saveError.value || model.history.value || model.blocked.value.length > 0) return false;
  if (model.storageNotice.value || model.draftNotice.value) return false;
  return isEmptySlot({ title: model.title.value, data: model.data.value }, placeholder);
}

type GridItem = { kind: 'slot'; model: SlotModel } | { kind: 'empty'; models: SlotModel[] };

/** Every slot in order: one with content as its editor, each run of empty ones as one line. */
export function SlotGrid({ workspace, page }: SlotsProps) {
  const placeholder = page.placeholder.value.value;
  const items: GridItem[] = [];
  for (const model of workspace.reads.slots.value) {
    const last = items[items.length - 1];
    if (!folds(model, placeholder)) items.push({ kind: 'slot', model });
    else if (last?.kind === 'empty') last.models.push(model);
    else items.push({ kind: 'empty', models: [model] });
  }
  const open = (model: SlotModel) => {
    model.opened.value = true;
    // Once rendered open, the slot's first field takes the focus the folded line had.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-slot="${model.option.value}"] input`)?.focus(),
    );
  };
  return (
    <div class="slot-grid">
      {items.map((item) =>
        item.kind === 'slot' ? (
          <SlotEditor
            key={item.model.option.value}
            model={item.model}
            workspace={workspace}
            page={page}
            layout="full"
          />
        ) : (
          <EmptyRun key={`empty-${item.models[0]?.option.value}`} models={item.models} onOpen={open} />
        ),
      )}
    </div>
  );
}

/** "Slots 13–20 empty" and one small button per slot, each slot still a group named "Slot N". */
function EmptyRun({ models, onOpen }: { models: SlotModel[]; onOpen: (model: SlotModel) => void }) {
  const first = String(models[0]?.option.value);
  const last = String(models[models.length - 1]?.option.value);
  return (
    <div class="slot-run">
      <p class="slot-run__label">
        {models.length === 1 ? t('slots_emptyOne', first) : t('slots_emptyRun', [first, last])}
      </p>
      <div class="slot-run__list">
        {models.map((model) => (
          <div
            key={model.option.value}
            role="group"
            aria-label={`Slot ${model.option.value}`}
            class="slot--folded"
          >
            <button
              type="button"
              class="button button--small"
              aria-label={t('slot_edit', String(model.option.value))}
              onClick={() => onOpen(model)}
            >
              {model.option.value}
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
