/**
 * One slot as a group named "Slot N": labeled Title and Data fields with live counters, JSON
 * tools, save / discard, the conflict dialog and the history. Ctrl/Cmd+S saves this slot,
 * Escape discards its changes. All slot text is rendered as text.
 */
import type { JSX } from 'preact';
import { useId, useMemo } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { describeSaveError } from './save-errors';
import { LIMITS, type SlotProblem, jsonStatus, minifyJson, prettyJson } from '../../lib/slots/validate';
import type { TableSource } from '../records/records-model';
import { LazyTable, TableSwitch } from '../records/TableSwitch';
import { ErrorNotice } from '../ErrorNotice';
import { ConflictDialog } from '../shared/ConflictDialog';
import { Counter } from './Counter';
import { CopySlotEntry } from './CopySlotEntry';
import { HistoryList } from './HistoryList';
import { PlaceholderOffer } from './PlaceholderOffer';
import { RemovedNotice } from './RemovedNotice';
import { refusedEmpty } from '../page/placeholder';
import { DraftNotice, StorageNotice } from './StorageNotice';
import type { SlotModel } from './slot-model';
import type { Workspace } from './workspace';
import type { PageContext } from '../page/context';
import { Time } from '../shared/time';
import { useGrowToContent } from '../grow-to-content';

export interface SlotEditorProps {
  model: SlotModel;
  workspace: Workspace;
  page: PageContext;
  layout: 'compact' | 'full';
}

function problemText(problem: SlotProblem): string {
  return problem.kind === 'optionRange' ? t('slot_range', String(problem.option)) : t('slot_blocked');
}

/** "History", and once read "History: 3 versions": the slot's replaced values, not a count of failures. */
function historyLabel(history: readonly unknown[] | null): string {
  if (!history) return t('slot_history');
  if (history.length === 0) return t('slot_historyNone');
  return history.length === 1 ? t('slot_historyOne') : t('slot_historyCount', String(history.length));
}

export function SlotEditor({ model, workspace, page, layout }: SlotEditorProps) {
  const { drafts, saves } = workspace;
  const ids = { title: useId(), data: useId(), titleCount: useId(), dataCount: useId(), hint: useId() };
  const server = model.server.value;
  const loadError = model.loadError.value;
  const title = model.title.value;
  const data = model.data.value;
  const json = jsonStatus(data);
  const saveError = model.saveError.value;
  const conflict = model.conflict.value;
  const history = model.history.value;
  const placeholder = page.placeholder.value.value;
  // A slot holding only the account's placeholder is shown as empty (typing replaces it).
  const cleared = placeholder !== '' && title === placeholder && data === placeholder;
  const dataBox = useGrowToContent(cleared ? '' : data);
  const table = useMemo<TableSource>(
    () => ({
      session: model.table,
      text: model.data,
      write: (next) => drafts.edit(model, 'data', next),
      limit: LIMITS.data,
      offerDocument: workspace.asDocument,
    }),
    [model, workspace],
  );
  const asTable = model.table.view.value === 'table';

  const onKeyDown = (event: JSX.TargetedKeyboardEvent<HTMLFieldSetElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
      event.preventDefault();
      void saves.save(model);
    } else if (event.key === 'Escape' && model.dirty.value) {
      event.preventDefault();
      drafts.discard(model);
    }
  };

  const reformat = (fn: (text: string) => string | null) => {
    const next = fn(data);
    if (next !== null) drafts.edit(model, 'data', next);
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
          <div class="field">
            <div class="field__head">
              <label for={ids.data}>{t('slot_field_data')}</label>
              {json !== 'none' && !asTable && (
                <div class="json-tools">
                  <span class={`json-status json-status--${json}`}>
                    {json === 'valid' ? t('slot_json_valid') : t('slot_json_invalid')}
                  </span>
                  {json === 'valid' && (
                    <>
                      <button type="button" class="button button--small" onClick={() => reformat(prettyJson)}>
                        {t('slot_json_pretty')}
                      </button>
                      <button type="button" class="button button--small" onClick={() => reformat(minifyJson)}>
                        {t('slot_json_minify')}
                      </button>
                    </>
                  )}
                </div>
              )}
              <TableSwitch session={model.table} text={cleared ? '' : data} />
              <Counter id={ids.dataCount} field="data" text={data} />
            </div>
            {asTable && (
              <LazyTable source={table} label={t('records_slotTable', String(model.option.value))} />
            )}
            <textarea
              hidden={asTable}
              ref={dataBox}
              id={ids.data}
              rows={layout === 'full' ? 8 : 4}
              spellcheck={false}
              value={cleared ? '' : data}
              aria-invalid={
                model.blocked.value.some((p) => p.kind === 'tooLong' && p.field === 'data')
                  ? 'true'
                  : undefined
              }
              aria-describedby={`${ids.dataCount} ${ids.hint}`}
              onInput={(event) => drafts.edit(model, 'data', event.currentTarget.value)}
            />
          </div>
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
          {conflict ? (
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
              {layout === 'full' && (
                <CopySlotEntry
                  page={page}
                  option={model.option.value}
                  content={{ title, data }}
                  readAt={model.dirty.value ? null : model.readAt.value}
                />
              )}
            </div>
          )}
          <p role="status" class="status">
            {model.saved.value ? t('slot_saved') : ''}
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
