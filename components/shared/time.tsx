/** A timestamp shown relative ("3 days ago"), exact on hover; unknown or unreadable stays honest. */
import { t } from '../../lib/i18n';
import { relativeTime, uiLanguage } from '../display-format';
import { dateTimeAt } from '../date-format';

export interface TimeProps {
  iso?: string | null;
  ms?: number;
  /** Wraps the relative text, e.g. "Updated 3 days ago". */
  label?: (relative: string) => string;
}

export function Time({ iso, ms, label = (relative) => relative }: TimeProps) {
  const time = ms ?? (iso ? Date.parse(iso) : Number.NaN);
  // No time (the API's answer had none): said so, never shown as a date.
  if (ms === undefined && !iso) return <span>{t('slot_timeUnknown')}</span>;
  // Past the last date a Date holds, toISOString throws (issue 33): said as unreadable, not thrown.
  if (dateTimeAt(time) === null) return <span>{iso ?? t('slot_timeUnknown')}</span>;
  const exact = new Date(time).toLocaleString(uiLanguage());
  return (
    <time dateTime={new Date(time).toISOString()} title={exact}>
      {label(relativeTime(time, Date.now()))}
    </time>
  );
}
