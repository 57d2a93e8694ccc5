/** Numbers, amounts and times as a person in the browser's language reads them. */
import { browser } from 'wxt/browser';

export function uiLanguage(): string {
  try {
    return browser.i18n.getUILanguage() || 'en';
  } catch {
    return 'en';
  }
}

export function formatNumber(value: number, fractionDigits?: number): string {
  const options =
    fractionDigits === undefined
      ? {}
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
  return new Intl.NumberFormat(uiLanguage(), options).format(value);
}

/** Amounts of an unnamed currency: two decimals, no symbol. */
export const formatAmount = (value: number) => formatNumber(value, 2);

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 minutes ago", "yesterday", "now": the largest whole unit of the distance from `now`. */
export function relativeTime(at: number, now: number): string {
  const rtf = new Intl.RelativeTimeFormat(uiLanguage(), { numeric: 'auto' });
  const diff = at - now;
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms) return rtf.format(Math.round(diff / ms), unit);
  }
  return rtf.format(0, 'second');
}

/** "2025-02-03 07:45:12.004 UTC" for an ISO timestamp; the text itself when it is not one. */
export function exactUtc(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${new Date(ms).toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}

/** Local date and time, medium length. */
export function localDateTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'medium', timeStyle: 'short' }).format(ms);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
export const looksLikeTimestamp = (value: unknown): value is string =>
  typeof value === 'string' && ISO_DATE.test(value);
