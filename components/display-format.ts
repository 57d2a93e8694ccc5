/**
 * Numbers, amounts and ages as a person in the browser's language reads them (dates and times of day:
 * date-format.ts, outside the popup's first bytes).
 */
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
export function formatter<F extends Intl.NumberFormat | Intl.RelativeTimeFormat | Intl.DateTimeFormat>(
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
