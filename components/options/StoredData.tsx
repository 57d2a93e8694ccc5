/** What the selected account stores, per family against its budget, and clearing of what may go. */
import type { ComponentChildren } from 'preact';
import { useModel } from '@preact/signals';
import { useState } from 'preact/hooks';
import { type MessageKey, t } from '../../lib/i18n';
import type { ClearableFamily, StorageUsage } from '../../lib/messaging/protocol';
import { ErrorNotice } from '../ErrorNotice';
import { type ClearFamily, StoredDataModel } from './stored-data-model';

const FAMILIES: { family: string; label: MessageKey; clearable: ClearableFamily | null }[] = [
  { family: 'cache', label: 'storage_cache', clearable: 'cache' },
  { family: 'firstView', label: 'storage_firstView', clearable: null },
  { family: 'draft', label: 'storage_draft', clearable: 'draft' },
  { family: 'history', label: 'storage_history', clearable: 'history' },
  { family: 'job', label: 'storage_job', clearable: null },
  { family: 'backupSlots', label: 'storage_backup', clearable: null },
];

const kb = (bytes: number) => t('storage_kb', (bytes / 1000).toFixed(1));

interface StoredDataProps {
  profileName: string;
  usage: StorageUsage | null;
  /** Clears the family; the page passes the new usage back in. */
  onClear: ClearFamily;
  /** What follows the table (the active profile's backup). */
  children?: ComponentChildren;
}

export function StoredData({ profileName, usage, onClear, children }: StoredDataProps) {
  const [confirming, setConfirming] = useState<ClearableFamily | null>(null);
  const model = useModel(() => new StoredDataModel(onClear));
  const current = usage;

  const clear = (family: ClearableFamily) => {
    setConfirming(null);
    void model.clear(family);
  };

  const confirmLabel = FAMILIES.find((f) => f.clearable === confirming)?.label;
  return (
    <section class="stored-data" aria-labelledby="stored-data-heading">
      <h2 id="stored-data-heading">{t('storage_heading')}</h2>
      {!current ? (
        <p>{t('storage_loading')}</p>
      ) : (
        <table class="stored-data__table">
          <caption>{t('storage_table', profileName)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('storage_kind')}</th>
              <th scope="col">{t('storage_entries')}</th>
              <th scope="col">{t('storage_size')}</th>
              <th scope="col">{t('storage_budget')}</th>
              <td />
            </tr>
          </thead>
          <tbody>
            {FAMILIES.map(({ family, label, clearable }) => {
              const used = current.families[family] ?? { count: 0, bytes: 0 };
              const budget = current.budgets[family];
              return (
                <tr key={family}>
                  <th scope="row">{t(label)}</th>
                  <td data-label={t('storage_entries')}>{used.count}</td>
                  <td data-label={t('storage_size')}>{kb(used.bytes)}</td>
                  <td data-label={t('storage_budget')}>
                    {budget ? (
                      <meter min={0} max={budget} value={used.bytes} aria-label={t(label)}>
                        {kb(budget)}
                      </meter>
                    ) : null}{' '}
                    {budget ? kb(budget) : t('storage_noBudget')}
                  </td>
                  <td>
                    {clearable && (
                      <button
                        type="button"
                        class="button"
                        aria-disabled={used.count === 0 ? 'true' : undefined}
                        onClick={() => used.count > 0 && setConfirming(clearable)}
                      >
                        {t('action_clear', t(label))}
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {confirming && confirmLabel && (
        <div class="confirm" role="group" aria-label={t('action_clear', t(confirmLabel))}>
          <p>{t('storage_clear_question', t(confirmLabel))}</p>
          <div class="actions">
            <button type="button" class="button button--danger" onClick={() => clear(confirming)}>
              {t('action_clear_confirm')}
            </button>
            <button type="button" class="button" onClick={() => setConfirming(null)}>
              {t('action_cancel')}
            </button>
          </div>
        </div>
      )}
      {model.cleared.value && <p class="status">{t('storage_cleared')}</p>}
      {model.error.value && <ErrorNotice error={model.error.value} />}
      {children}
    </section>
  );
}
