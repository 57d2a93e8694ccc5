/** A slot's Data field: its counter, the JSON tools, and the Table view of a list of records. */
import { useMemo } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { LIMITS, jsonStatus, minifyJson, prettyJson } from '../../lib/slots/validate';
import type { TableSource } from '../records/records-model';
import { LazyTable, TableSwitch } from '../records/TableSwitch';
import { useGrowToContent } from '../grow-to-content';
import { Counter } from './Counter';
import type { SlotModel } from './slot-model';
import type { Workspace } from './workspace';

export function SlotDataField({
  model,
  workspace,
  layout,
  ids,
  cleared,
}: {
  model: SlotModel;
  workspace: Workspace;
  layout: 'compact' | 'full';
  ids: { data: string; dataCount: string; hint: string };
  /** The slot holds only the account's placeholder: shown as empty. */
  cleared: boolean;
}) {
  const { drafts } = workspace;
  const data = model.data.value;
  const json = jsonStatus(data);
  // A piece of a document across slots (titled "<document>:<n>") is no JSON of its own: named so.
  const piece = json === 'invalid' ? /^(.+):(\d+)$/.exec(model.title.value) : null;
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
  const reformat = (fn: (text: string) => string | null) => {
    const next = fn(data);
    if (next !== null) drafts.edit(model, 'data', next);
  };

  return (
    <div class="field">
      <div class="field__head">
        <label for={ids.data}>{t('slot_field_data')}</label>
        {piece && (
          <span class="json-status">{t('slot_documentPiece', [piece[2] ?? '', piece[1] ?? ''])}</span>
        )}
        {json !== 'none' && !piece && !asTable && (
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
        {!piece && <TableSwitch session={model.table} text={cleared ? '' : data} />}
        <Counter id={ids.dataCount} field="data" text={data} />
      </div>
      {asTable && <LazyTable source={table} label={t('records_slotTable', String(model.option.value))} />}
      <textarea
        hidden={asTable}
        ref={dataBox}
        id={ids.data}
        rows={layout === 'full' ? 8 : 4}
        spellcheck={false}
        value={cleared ? '' : data}
        aria-invalid={
          model.blocked.value.some((p) => p.kind === 'tooLong' && p.field === 'data') ? 'true' : undefined
        }
        aria-describedby={`${ids.dataCount} ${ids.hint}`}
        onInput={(event) => drafts.edit(model, 'data', event.currentTarget.value)}
      />
    </div>
  );
}
