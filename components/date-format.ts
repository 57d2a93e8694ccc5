/**
 * Dates and times of day as a person in the browser's language reads them: apart from
 * display-format.ts, since no first view shows one, so they stay out of the popup's first bytes.
 */
import { LAST_DATE_MS } from '../lib/api/waits';
import { formatter, uiLanguage } from './display-format';

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
