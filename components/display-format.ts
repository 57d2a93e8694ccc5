/** Numbers, amounts and times as a person in the browser's language reads them. */
import { LAST_DATE_MS } from '../lib/api/waits';
import { nativeBrowser } from '../lib/native-browser';
import { type PlainUnit, plainNumber, plainRelative } from './plain-format';

export function uiLanguage(): string {
  try {
    return nativeBrowser().i18n.getUILanguage() || 'en';
  } catch {
    return 'en';
  }
}

/**
 * Formatters are made once per language and kind: making one costs far more than formatting, most
 * of all the first in a fresh process (30–100 ms). The shipped languages' numbers and ages need
 * none (plain-format.ts), so the popup's first view makes no Intl formatter in en or de.
 */
const formatters = new Map<string, Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function formatter<F extends Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DateTimeFormat>(
  kind: string,
  make: (lang: string) => F,
): F {
  const lang = uiLanguage();
  const key = `${lang}|${kind}`;
  let found = formatters.get(key) as F | undefined;
  if (!found) {
    found = make(lang);
    formatters.set(key, found);
  }
  return found;
}

export function formatNumber(value: number, fractionDigits?: number): string {
  const plain = plainNumber(uiLanguage(), value, fractionDigits);
  if (plain !== null) return plain;
  const options =
    fractionDigits === undefined
      ? {}
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
  return formatter(`number:${fractionDigits ?? ''}`, (lang) => new Intl.NumberFormat(lang, options)).format(
    value,
  );
}

/** Amounts of an unnamed currency: two decimals, no symbol. */
export const formatAmount = (value: number) => formatNumber(value, 2);

const UNITS: [PlainUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 minutes ago", "yesterday", "now": the largest whole unit of the distance from `now`. */
export function relativeTime(at: number, now: number): string {
  const diff = at - now;
  const [unit, ms] = UNITS.find(([, length]) => Math.abs(diff) >= length) ?? ['second', Infinity];
  const n = ms === Infinity ? 0 : Math.round(diff / ms);
  const plain = plainRelative(uiLanguage(), n, unit);
  if (plain !== null) return plain;
  return formatter('relative', (lang) => new Intl.RelativeTimeFormat(lang, { numeric: 'auto' })).format(
    n,
    unit,
  );
}

/** "2025-02-03 07:45:12.004 UTC" for an ISO timestamp; the text itself when it is not one. */
export function exactUtc(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return `${new Date(ms).toISOString().replace('T', ' ').replace('Z', '')} UTC`;
}

/**
 * A moment (epoch ms) as local date and time, or null when no calendar holds it: past JavaScript's
 * last date (±8.64 × 10^15 ms) or not a number, where `toISOString` throws (issue 33).
 */
export function dateTimeAt(ms: number): string | null {
  if (!Number.isFinite(ms) || Math.abs(ms) > LAST_DATE_MS) return null;
  return localDateTime(new Date(ms).toISOString());
}

/** Local date and time, medium length. */
export function localDateTime(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const format = (lang: string) => new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
  return formatter('dateTime', format).format(ms);
}

/** Local date, short: "25.11.26". */
export function localDate(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Intl.DateTimeFormat(uiLanguage(), { dateStyle: 'short' }).format(ms);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
export const looksLikeTimestamp = (value: unknown): value is string =>
  typeof value === 'string' && ISO_DATE.test(value);

/** A time of day today, "14:03:12": when something waiting goes on. */
export const clockTime = (at: number): string =>
  new Intl.DateTimeFormat(uiLanguage(), { timeStyle: 'medium' }).format(at);
