/**
 * Numbers and ages in the languages the extension ships (en, de) without Intl, the same text
 * Intl gives (test/unit/plain-format.test.ts holds them to it). A fresh renderer's first
 * Intl.NumberFormat or RelativeTimeFormat costs 30–100 ms, V8 building its list of ICU's locales
 * (`Intl.NumberFormat.supportedLocalesOf` alone costs as much): the popup paid it in its first
 * render whenever the worker had stopped. Anything else (another language or region, a value
 * outside these shapes) is null, and the caller asks Intl.
 */

export type PlainUnit = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

interface Shape {
  group: string;
  decimal: string;
  /** The words for a distance of `n` whole units (never 0, but for "now"). */
  words: (n: number, unit: PlainUnit, count: string) => string | null;
}

const EN_NAMED: Partial<Record<PlainUnit, Record<number, string>>> = {
  second: { 0: 'now' },
  day: { [-1]: 'yesterday', 1: 'tomorrow' },
  month: { [-1]: 'last month', 1: 'next month' },
  year: { [-1]: 'last year', 1: 'next year' },
};

const DE_NAMED: Partial<Record<PlainUnit, Record<number, string>>> = {
  second: { 0: 'jetzt' },
  day: { [-2]: 'vorgestern', [-1]: 'gestern', 1: 'morgen', 2: 'übermorgen' },
  month: { [-1]: 'letzten Monat', 1: 'nächsten Monat' },
  year: { [-1]: 'letztes Jahr', 1: 'nächstes Jahr' },
};
/** Singular and dative plural ("vor 3 Tagen", "in 1 Stunde"). */
const DE_NOUNS: Partial<Record<PlainUnit, [string, string]>> = {
  minute: ['Minute', 'Minuten'],
  hour: ['Stunde', 'Stunden'],
  day: ['Tag', 'Tagen'],
  month: ['Monat', 'Monaten'],
  year: ['Jahr', 'Jahren'],
};

const EN: Shape = {
  group: ',',
  decimal: '.',
  words(n, unit, count) {
    const named = EN_NAMED[unit]?.[n];
    if (named !== undefined) return named;
    if (unit === 'second') return null;
    const noun = Math.abs(n) === 1 ? unit : `${unit}s`;
    return n < 0 ? `${count} ${noun} ago` : `in ${count} ${noun}`;
  },
};

const DE: Shape = {
  group: '.',
  decimal: ',',
  words(n, unit, count) {
    const named = DE_NAMED[unit]?.[n];
    if (named !== undefined) return named;
    const nouns = DE_NOUNS[unit];
    if (!nouns) return null;
    return `${n < 0 ? 'vor' : 'in'} ${count} ${Math.abs(n) === 1 ? nouns[0] : nouns[1]}`;
  },
};

/** Only these tags: de-AT, de-CH, en-IN and others group differently. */
const SHAPES: Record<string, Shape> = { en: EN, 'en-US': EN, 'en-GB': EN, de: DE, 'de-DE': DE };

const grouped = (digits: string, group: string) => digits.replace(/\B(?=(\d{3})+$)/g, group);

/**
 * The shortest decimal that reads back as `abs` (what Intl rounds, not the binary value: 2.675 is
 * "2.68"), rounded half away from zero to `digits` decimals; null where JS writes an exponent.
 */
function fixed(abs: number, digits: number): [string, string] | null {
  const text = String(abs);
  if (text.includes('e')) return null;
  const [whole = '', fraction = ''] = text.split('.');
  if (fraction.length <= digits) return [whole, fraction.padEnd(digits, '0')];
  const kept = BigInt(whole + fraction.slice(0, digits)) + (fraction.charAt(digits) >= '5' ? 1n : 0n);
  const all = kept.toString().padStart(digits + 1, '0');
  return [all.slice(0, all.length - digits), all.slice(all.length - digits)];
}

/** `value` as Intl.NumberFormat(lang) formats it: an integer with no `fractionDigits`, or exactly `fractionDigits` decimals. */
export function plainNumber(lang: string, value: number, fractionDigits?: number): string | null {
  const shape = SHAPES[lang];
  if (!shape || !Number.isFinite(value) || Math.abs(value) >= 1e15 || Object.is(value, -0)) return null;
  const digits = fractionDigits ?? 0;
  if (
    fractionDigits === undefined
      ? !Number.isInteger(value)
      : !(Number.isInteger(digits) && digits >= 0 && digits <= 20)
  )
    return null;
  const parts = fixed(Math.abs(value), digits);
  if (!parts) return null;
  const [whole, fraction] = parts;
  return `${value < 0 ? '-' : ''}${grouped(whole, shape.group)}${digits > 0 ? `${shape.decimal}${fraction}` : ''}`;
}

/** `n` whole `unit`s from now as Intl.RelativeTimeFormat(lang, { numeric: 'auto' }) says it. */
export function plainRelative(lang: string, n: number, unit: PlainUnit): string | null {
  const shape = SHAPES[lang];
  if (!shape || !Number.isInteger(n)) return null;
  const count = plainNumber(lang, Math.abs(n));
  return count === null ? null : shape.words(n, unit, count);
}
