/** The compact layout's slots: a summary per slot, one editor open at a time. */
import { useId, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { isEmptySlot } from '../../lib/slots/clearing';
import { Time } from '../shared/time';
import { Counter } from './Counter';
import { preview } from './HistoryList';
import { SlotEditor } from './SlotEditor';
import type { SlotModel } from './slot-model';
import type { PageContext } from '../page/context';
import type { Workspace } from './workspace';

interface SlotsProps {
  workspace: Workspace;
  page: PageContext;
}

/** The compact layout's slots (the popup): a summary per slot, one editor open at a time. */
export function SlotList({ workspace, page }: SlotsProps) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ul class="slot-list">
      {workspace.reads.slots.value.map((model) => (
        <li key={model.option.value}>
          {open === model.option.value ? (
            <SlotEditor model={model} workspace={workspace} page={page} layout="compact" />
          ) : (
            <SlotSummary
              model={model}
              placeholder={page.placeholder.value.value}
              onEdit={() => setOpen(model.option.value)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

function SlotSummary({
  model,
  placeholder,
  onEdit,
}: {
  model: SlotModel;
  placeholder: string;
  onEdit: () => void;
}) {
  const server = model.server.value;
  const empty = isEmptySlot({ title: model.title.value, data: model.data.value }, placeholder);
  const countId = useId();
  return (
    <div class="slot-summary">
      <button
        type="button"
        class="button button--quiet"
        onClick={onEdit}
        aria-label={t('slot_edit', String(model.option.value))}
      >
        {`Slot ${model.option.value}`}
      </button>
      {model.dirty.value && <span class="badge badge--unsaved">{t('slot_unsaved')}</span>}
      {model.loadError.value ? (
        <span class="field-error">{t('error_network_title')}</span>
      ) : !server ? (
        <span class="hint">{t('slot_loading')}</span>
      ) : (
        <>
          <span class="slot-summary__title">{empty ? t('slot_emptyValue') : model.title.value}</span>
          <span class="slot-summary__data">{empty ? '' : preview(model.data.value, 60)}</span>
          <Counter id={countId} field="data" text={empty ? '' : model.data.value} />
          <span class="hint">
            <Time iso={server.lastUpdated} />
          </span>
        </>
      )}
    </div>
  );
}
