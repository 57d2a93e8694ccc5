/**
 * One slot as a group named "Slot N": labeled Title and Data fields with live counters, JSON
 * tools, save / discard, the conflict dialog and the history. Ctrl/Cmd+S saves this slot,
 * Escape discards its changes. All slot text is rendered as text.
 */
import type { JSX } from 'preact';
import { useId } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { describeSaveError } from './save-errors';
import type { SlotProblem } from '../../lib/slots/validate';
import { ErrorNotice } from '../ErrorNotice';
import { Counter } from './Counter';
import { HistoryList } from './HistoryList';
import { SlotActions } from './SlotActions';
import { SlotDataField } from './SlotDataField';
import { PlaceholderOffer } from './PlaceholderOffer';
import { RemovedNotice } from './RemovedNotice';
import { refusedEmpty } from '../page/placeholder';
import { DraftNotice, StorageNotice } from './StorageNotice';
import type { SlotModel } from './slot-model';
import type { Workspace } from './workspace';
import type { PageContext } from '../page/context';
import { Time } from '../shared/time';

export interface SlotEditorProps {
  model: SlotModel;
  workspace: Workspace;
  page: PageContext;
  layout: 'compact' | 'full';
}

function problemText(problem: SlotProblem): string {
  return problem.kind === 'optionRange' ? t('slot_range', String(problem.option)) : t('slot_blocked');
}

export function SlotEditor({ model, workspace, page, layout }: SlotEditorProps) {
  const { drafts, saves } = workspace;
  const ids = { title: useId(), data: useId(), titleCount: useId(), dataCount: useId(), hint: useId() };
  const server = model.server.value;
  const loadError = model.loadError.value;
  const title = model.title.value;
  const data = model.data.value;
  const saveError = model.saveError.value;
  const history = model.history.value;
  const placeholder = page.placeholder.value.value;
  // A slot holding only the account's placeholder is shown as empty (typing replaces it).
  const cleared = placeholder !== '' && title === placeholder && data === placeholder;

  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLFieldSetElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void saves.save(model);
    } else if (event.key === 'Escape' && model.dirty.value) {
      event.preventDefault();
      drafts.discard(model);
    }
  };

  return (
    <fieldset
      class={`slot slot--${layout}`}
      data-slot={model.option.value}
      onKeyDown={onKeyDown}
      aria-busy={server ? 'false' : 'true'}
    >
      <legend class="slot__legend">
        {/* The issue fixes this name as "Slot N" in every language. */}
        {`Slot ${model.option.value}`}
      </legend>
      {model.dirty.value && <span class="badge badge--unsaved">{t('slot_unsaved')}</span>}
      {!server && !loadError && <p class="hint">{t('slot_loading')}</p>}
      {loadError && <ErrorNotice error={loadError} onRetry={() => void workspace.reads.retry(model)} />}
      {server && (
        <>
          <p class="hint slot__updated">
            {server.lastUpdated ? (
              <Time iso={server.lastUpdated} label={(when) => t('slot_updated', when)} />
            ) : (
              t('slot_timeUnknown')
            )}
          </p>
          <div class="field">
            <div class="field__head">
              <label for={ids.title}>{t('slot_field_title')}</label>
              <Counter id={ids.titleCount} field="title" text={title} />
            </div>
            <input
              id={ids.title}
              type="text"
              autoComplete="off"
              spellcheck={false}
              value={cleared ? '' : title}
              aria-invalid={
                model.blocked.value.some((p) => p.kind === 'tooLong' && p.field === 'title')
                  ? 'true'
                  : undefined
              }
              aria-describedby={`${ids.titleCount} ${ids.hint}`}
              onInput={(event) => drafts.edit(model, 'title', event.currentTarget.value)}
            />
          </div>
          <SlotDataField model={model} workspace={workspace} layout={layout} ids={ids} cleared={cleared} />
          {cleared && <p class="hint">{t('slot_placeholderEmpty', placeholder)}</p>}
          <RemovedNotice model={model} saves={saves} />
          <p id={ids.hint} class="visually-hidden">
            {t('slots_counting')}
          </p>
          {model.blocked.value.map((problem) => (
            <p key={problem.kind} class="field-error" role="alert">
              {problemText(problem)}
            </p>
          ))}
          <SlotActions model={model} workspace={workspace} page={page} />
          <p role="status" class="status">
            {model.saved.value ? t('slot_saved') : model.unchanged.value ? t('slot_nothingToSave') : ''}
          </p>
          {model.storageNotice.value && <StorageNotice notice={model.storageNotice.value} />}
          {model.draftNotice.value && <DraftNotice kind={model.draftNotice.value} />}
          {saveError && <ErrorNotice error={describeSaveError(saveError, model.target.value)} />}
          {refusedEmpty(saveError, { title, data }) && (
            <PlaceholderOffer model={model} page={page} saves={saves} />
          )}
          {history && (
            <HistoryList entries={history} onRestore={(entry) => void saves.restore(model, entry)} />
          )}
        </>
      )}
    </fieldset>
  );
}
