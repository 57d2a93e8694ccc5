import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOM, csvFormat, parseCsv, toCsv } from '../../lib/export/csv';

describe('csvFormat', () => {
  it('uses ; and 1.234,56 for German, , and 1,234.56 for English', () => {
    const de = csvFormat('de-DE');
    const en = csvFormat('en-US');
    expect([de.separator, de.number(1234.56)]).toEqual([';', '1.234,56']);
    expect([en.separator, en.number(1234.56)]).toEqual([',', '1,234.56']);
  });
});

describe('toCsv', () => {
  it('starts with a BOM, ends every row with CRLF and quotes what needs quoting', () => {
    const text = toCsv(
      ['Name', 'Miete'],
      [
        ['Haus "Süd"; Nord', 1234.5],
        ['Zeile\nzwei', null],
      ],
      csvFormat('de'),
    );
    expect(text).toBe(
      `${BOM}Name;Miete\r\n"Haus ""Süd""; Nord";1.234,5\r\n"Zeile\ntwo";\r\n`.replace('two', 'zwei'),
    );
  });

  it('quotes English numbers with a thousands comma, and writes no NaN or Infinity', () => {
    const text = toCsv(['a', 'b'], [[1234567.891, Number.NaN]], csvFormat('en'));
    expect(text).toBe(`${BOM}a,b\r\n"1,234,567.89",\r\n`);
  });

  it('writes text that starts like a formula as text, and numbers as numbers', () => {
    const text = toCsv(['x'], [['=HYPERLINK("http://x")'], ['@SUM(A1)'], [-5]], csvFormat('en'));
    expect(parseCsv(text, ',')).toEqual([['x'], ['\'=HYPERLINK("http://x")'], ["'@SUM(A1)"], ['-5']]);
  });

  it('quotes fields with leading or trailing spaces, so spreadsheets keep them', () => {
    expect(toCsv([' x'], [], csvFormat('en'))).toBe(`${BOM}" x"\r\n`);
  });
});

describe('parseCsv', () => {
  it('reads back any table of text written by toCsv', () => {
    const cell = fc.string({ unit: 'grapheme', maxLength: 12 }).filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(
        fc.constantFrom('de', 'en'),
        fc.array(fc.array(cell, { minLength: 2, maxLength: 2 })),
        (lang, rows) => {
          const format = csvFormat(lang);
          const parsed = parseCsv(toCsv(['h1', 'h2'], rows, format), format.separator);
          expect(parsed).toEqual([['h1', 'h2'], ...rows]);
        },
      ),
    );
  });

  it('keeps empty fields and a last row without a line break', () => {
    expect(parseCsv('a;;c\r\n;b;', ';')).toEqual([
      ['a', '', 'c'],
      ['', 'b', ''],
    ]);
  });
});
