/** A timestamp shown relative ("3 days ago"), exact on hover; unknown or unreadable stays honest. */
import { browser } from 'wxt/browser';

function language(): string {
  try {
    return browser.i18n.getUILanguage();
  } catch {
    return 'en';
  }
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

export function relativeTime(ms: number, now = Date.now(), lang = language()): string {
  const diff = ms - now;
  const format = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(diff) >= size || unit === 'second') return format.format(Math.round(diff / size), unit);
  }
  return '';
}

export interface TimeProps {
  iso?: string | null;
  ms?: number;
  /** Wraps the relative text, e.g. "Updated 3 days ago". */
  label?: (relative: string) => string;
}

export function Time({ iso, ms, label = (relative) => relative }: TimeProps) {
  const time = ms ?? (iso ? Date.parse(iso) : Number.NaN);
  if (Number.isNaN(time)) return <span>{iso ?? '–'}</span>;
  const exact = new Date(time).toLocaleString(language());
  return (
    <time dateTime={new Date(time).toISOString()} title={exact}>
      {label(relativeTime(time))}
    </time>
  );
}
