/**
 * The popup's first view formats numbers and ages without Intl in the shipped languages
 * (components/plain-format.ts): the text must be Intl's, character for character, or the view
 * would change when a later render formats the same value with Intl. Node's full ICU is the
 * reference; every other language or value is left to Intl (null).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlainUnit, plainNumber, plainRelative } from '../../components/plain-format';

const SHIPPED = ['en', 'en-US', 'en-GB', 'de', 'de-DE'];
const UNITS: PlainUnit[] = ['minute', 'hour', 'day', 'month', 'year'];
const lang = fc.constantFrom(...SHIPPED);

describe('plainNumber', () => {
  it('writes integers as Intl.NumberFormat does', () => {
    fc.assert(
      fc.property(lang, fc.integer({ min: -(10 ** 15) + 1, max: 10 ** 15 - 1 }), (l, n) => {
        expect(plainNumber(l, n)).toBe(new Intl.NumberFormat(l).format(n));
      }),
      { numRuns: 2000 },
    );
  });

  it('rounds to fixed decimals as Intl does (the shortest decimal of the value, half away from zero)', () => {
    const value = fc.oneof(
      fc.double({ min: -1e9, max: 1e9, noNaN: true }),
      // Halves at the rounding digit, where the two could part.
      fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => n / 1000 + 0.005),
      fc.double({ min: -0.01, max: 0.01, noNaN: true }),
    );
    fc.assert(
      fc.property(lang, value, fc.integer({ min: 0, max: 4 }), (l, v, digits) => {
        fc.pre(!Object.is(v, -0));
        const intl = new Intl.NumberFormat(l, {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        });
        // Values JS writes with an exponent (below 1e-6) are left to Intl.
        const expected = String(Math.abs(v)).includes('e') ? null : intl.format(v);
        expect(plainNumber(l, v, digits)).toBe(expected);
      }),
      { numRuns: 3000 },
    );
  });

  it('gives the cases it does not know to Intl', () => {
    for (const other of ['de-AT', 'de-CH', 'en-IN', 'fr', 'en-ZA', ''])
      expect(plainNumber(other, 1234)).toBeNull();
    for (const odd of [Number.NaN, Infinity, -Infinity, -0, 1e15, 0.5])
      expect(plainNumber('en', odd)).toBeNull();
    expect(plainNumber('de', 1234.5, 2)).toBe('1.234,50');
    expect(plainNumber('en-US', -1234567.891, 2)).toBe('-1,234,567.89');
    expect(plainNumber('en', 2.675, 2)).toBe('2.68'); // toFixed says 2.67: the binary value is below
    expect(plainNumber('en', -0.001, 2)).toBe('-0.00');
    expect(plainNumber('de', 999.995, 2)).toBe('1.000,00');
  });
});

describe('plainRelative', () => {
  it('says a distance in whole units as Intl.RelativeTimeFormat with numeric "auto" does', () => {
    fc.assert(
      fc.property(
        lang,
        fc.constantFrom(...UNITS),
        fc.integer({ min: -5000, max: 5000 }).filter((n) => n !== 0),
        (l, unit, n) => {
          expect(plainRelative(l, n, unit)).toBe(
            new Intl.RelativeTimeFormat(l, { numeric: 'auto' }).format(n, unit),
          );
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('names the near ones and "now" as Intl does', () => {
    for (const l of SHIPPED) {
      const rtf = new Intl.RelativeTimeFormat(l, { numeric: 'auto' });
      for (const unit of UNITS)
        for (const n of [-2, -1, 1, 2]) expect(plainRelative(l, n, unit)).toBe(rtf.format(n, unit));
      expect(plainRelative(l, 0, 'second')).toBe(rtf.format(0, 'second'));
    }
    expect(plainRelative('de', -2, 'day')).toBe('vorgestern');
    expect(plainRelative('en', -3, 'minute')).toBe('3 minutes ago');
  });

  it('gives other languages and seconds other than now to Intl', () => {
    expect(plainRelative('fr', -3, 'minute')).toBeNull();
    expect(plainRelative('de-CH', -1234, 'day')).toBeNull();
    expect(plainRelative('en', -5, 'second')).toBeNull();
    expect(plainRelative('de', 0.5, 'hour')).toBeNull();
  });
});
