/**
 * Every import whose record is kept, newest first: what (an import, a restore or copy across
 * targets, an undo), when, how many slots it wrote, and its Undo, or in words why there is none.
 * An Undo over slots changed since names them and asks first.
 */
import { useModel } from '@preact/signals';
import { useId } from 'preact/hooks';
import type { AppError } from '../../lib/app-error';
import { t } from '../../lib/i18n';
import { ErrorNotice } from '../ErrorNotice';
import { Time } from '../shared/time';
import { type HistoryRow, ImportHistoryModel, historyRows } from './import-history-model';
import type { TargetNames } from './JobProgress';
import { nameTarget } from './target-name';

const whatText = (row: HistoryRow) =>
  row.job.kind === 'undo'
    ? t('history_undoJob', String(row.job.items.length))
    : t('history_importJob', [String(row.job.items.length), String(row.targets)]);

function whyNot(row: HistoryRow): string | null {
  switch (row.undo) {
    case 'undone':
      return t('history_undone');
    case 'gone':
      return t('history_gone');
    case 'running':
      return t('history_running');
    case 'nothingWritten':
      return t('history_nothingWritten');
    default:
      return null;
  }
}

interface ImportHistoryProps extends TargetNames {
  profileId: string;
  undoJob: (id: string) => Promise<AppError | null>;
}

export function ImportHistory({ profileId, undoJob, buildings, factories }: ImportHistoryProps) {
  const model = useModel(() => new ImportHistoryModel(profileId, undoJob));
  const heading = useId();
  const rows = historyRows(model.jobs.value);
  const asking = model.asking.value;
  if (rows.length === 0) return null;
  const label = (target: Parameters<typeof nameTarget>[0]) =>
    nameTarget(target, buildings ?? null, factories).label;
  return (
    <section class="history" aria-labelledby={heading}>
      <h3 id={heading}>{t('history_heading')}</h3>
      {model.error.value && <ErrorNotice error={model.error.value} />}
      <ul class="history__list">
        {rows.map((row) => (
          <li key={row.job.id} class="history__item">
            <span>
              {whatText(row)} · <Time ms={row.job.createdAt} /> · {t('history_written', String(row.written))}
            </span>{' '}
            {row.undo === 'possible' ? (
              <button
                type="button"
                class="button button--small"
                aria-disabled={model.busy.value ? 'true' : undefined}
                aria-label={t('history_undoOf', new Date(row.job.createdAt).toLocaleString())}
                onClick={() => void model.undo(row.job.id)}
              >
                {t('import_undo')}
              </button>
            ) : (
              whyNot(row) && <span class="hint">{whyNot(row)}</span>
            )}
            {asking?.id === row.job.id && (
              <div class="notice" role="alert">
                <p>{t('history_changedSince', String(asking.changed.length))}</p>
                <ul>
                  {asking.changed.map((c) => (
                    <li key={`${c.target.kind}:${c.target.id}:${c.slot}`}>
                      {t('targets_jobSlot', [label(c.target), String(c.slot)])}
                    </li>
                  ))}
                </ul>
                <div class="actions">
                  <button type="button" class="button" onClick={() => void model.confirm()}>
                    {t('history_undoAnyway')}
                  </button>
                  <button type="button" class="button button--quiet" onClick={model.dismiss}>
                    {t('import_cancel')}
                  </button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
