/** Earlier values of one slot, newest first; each can be written back in one action. */
import { t } from '../../lib/i18n';
import type { HistoryEntry } from '../../lib/storage/history';
import { Time } from '../shared/time';

const PREVIEW = 120;
export const preview = (text: string, max = PREVIEW) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

export function HistoryList({
  entries,
  onRestore,
}: {
  entries: HistoryEntry[];
  onRestore: (e: HistoryEntry) => void;
}) {
  if (entries.length === 0) return <p class="hint">{t('slot_history_empty')}</p>;
  return (
    <ol class="history">
      {entries.map((entry) => (
        <li key={`${entry.time}-${entry.lastUpdated ?? ''}`} class="history__entry">
          <span class="hint">
            <Time ms={entry.time} label={(when) => t('slot_history_replaced', when)} />
          </span>
          <span class="history__title">{entry.title || t('slot_emptyValue')}</span>
          <span class="history__data">{preview(entry.data) || t('slot_emptyValue')}</span>
          <button type="button" class="button" onClick={() => onRestore(entry)}>
            {t('slot_restore')}
          </button>
        </li>
      ))}
    </ol>
  );
}
