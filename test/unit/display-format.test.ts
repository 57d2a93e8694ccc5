/**
 * The formatting helpers the views call: in the shipped languages they answer without Intl
 * (plain-format.ts), in any other the cached Intl formatters answer; either way the text is the
 * browser language's. The browser's UI language comes from the extension API (WXT's fake
 * browser here), set per test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { formatAmount, formatNumber, relativeTime } from '../../components/display-format';

const uiLanguage = fakeBrowser.i18n.getUILanguage;
function uiLanguageIs(lang: string): void {
  fakeBrowser.i18n.getUILanguage = () => lang;
}
afterEach(() => {
  fakeBrowser.i18n.getUILanguage = uiLanguage;
});

const NOW = Date.UTC(2026, 10, 27, 10, 0);
const MINUTE = 60_000;
const DAY = 86_400_000;

describe('display-format', () => {
  it('formats numbers, amounts and ages in the shipped languages', () => {
    uiLanguageIs('de');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatAmount(1234.5)).toBe('1.234,50');
    expect(relativeTime(NOW - 3 * MINUTE, NOW)).toBe('vor 3 Minuten');
    expect(relativeTime(NOW - 2 * DAY, NOW)).toBe('vorgestern');
    uiLanguageIs('en-US');
    expect(formatAmount(-2.675)).toBe('-2.68');
    expect(relativeTime(NOW + 90 * MINUTE, NOW)).toBe('in 2 hours');
    expect(relativeTime(NOW - 400 * DAY, NOW)).toBe('last year');
    expect(relativeTime(NOW - 20_000, NOW)).toBe('now');
  });

  it('asks Intl in any other language, with the same units', () => {
    uiLanguageIs('fr');
    expect(formatNumber(1234567)).toBe(new Intl.NumberFormat('fr').format(1234567));
    expect(formatAmount(0.5)).toBe('0,50');
    const rtf = new Intl.RelativeTimeFormat('fr', { numeric: 'auto' });
    expect(relativeTime(NOW - 3 * MINUTE, NOW)).toBe(rtf.format(-3, 'minute'));
    expect(relativeTime(NOW - DAY, NOW)).toBe(rtf.format(-1, 'day'));
    expect(relativeTime(NOW, NOW)).toBe(rtf.format(0, 'second'));
    uiLanguageIs('de-CH');
    expect(formatNumber(1234)).toBe(new Intl.NumberFormat('de-CH').format(1234));
  });

  it('keeps non-integers without fixed decimals to Intl (up to three decimals)', () => {
    uiLanguageIs('en');
    expect(formatNumber(1234.5678)).toBe('1,234.568');
  });
});
