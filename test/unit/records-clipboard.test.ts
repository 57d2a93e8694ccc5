/**
 * The clipboard of LibreOffice Calc, Excel and Google Sheets (fixtures written after what each puts
 * there: the HTML flavour and the text/plain one), read with a real DOMParser (happy-dom's).
 */
import { readFileSync } from 'node:fs';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { applyEdit } from '../../lib/records/edits';
import { clipboardFromRows, gridFromClipboard, PASTE_ROW_LIMIT } from '../../lib/records/clipboard';
import { tableToText } from '../../lib/records/table';
import { parseTsv } from '../../lib/records/tsv';
import { table } from './records-helpers';

const window = new Window();
const parseHtml = (html: string) =>
  new window.DOMParser().parseFromString(html, 'text/html') as unknown as Document;
const fixture = (name: string) =>
  readFileSync(new URL(`fixtures/clipboard/${name}`, import.meta.url), 'utf8');

const grid = (html: string | undefined, text: string | undefined) => {
  const result = gridFromClipboard(html, text, parseHtml);
  if (!result.ok) throw new Error(result.code);
  return result.grid;
};

/** The sheet both captures hold (LibreOffice 7.4 under Xvfb, copied with Ctrl+C, read with xclip). */
const CAPTURED = [
  ['id', 'name', 'price', 'sold'],
  ['12', 'Audi A4 Avant', '12500.5', 'FALSCH'],
  ['13', 'BMW 320d', '38000', 'WAHR'],
  ['14', 'VW Golf', '240000.99', 'FALSCH'],
  ['15', 'Opel Astra', '9900', 'FALSCH'],
  // B5:B6 merged: the covered cell is empty, the row's other values stay in their columns.
  ['16', '', '15000', 'WAHR'],
];
const english = (rows: string[][]) =>
  rows.map((row) => row.map((cell) => ({ FALSCH: 'FALSE', WAHR: 'TRUE' })[cell] ?? cell));

describe('LibreOffice Calc, captured from a German and an English interface', () => {
  it('German HTML: sdval with a decimal comma (12500,5) read as the number, rowspan honoured', () => {
    expect(fixture('libreoffice-de.html')).toContain('sdval="12500,5"');
    expect(grid(fixture('libreoffice-de.html'), fixture('libreoffice-de.txt'))).toEqual(CAPTURED);
  });

  it('English HTML: the same sheet pastes the same numbers', () => {
    expect(grid(fixture('libreoffice-en.html'), fixture('libreoffice-en.txt'))).toEqual(english(CAPTURED));
  });

  it('German plain text pasted into the dealer’s list reads 12.500,50 and 38.000,00 € as they say', () => {
    const dealer = table(
      '[{"id":1,"name":"a","price":1,"sold":true},{"id":2,"name":"b","price":2,"sold":true},{"id":3,"name":"c","price":3,"sold":true}]',
    );
    const rows = grid(undefined, fixture('libreoffice-de.txt')).slice(0, 4);
    const pasted = applyEdit(dealer, { kind: 'paste', row: 1, column: 'id', grid: rows, decimal: ',' });
    if (!pasted.ok) throw new Error(pasted.refusal.code);
    expect(JSON.parse(tableToText(pasted.table))).toEqual([
      { id: 12, name: 'Audi A4 Avant', price: 12500.5, sold: false },
      { id: 13, name: 'BMW 320d', price: 38000, sold: true },
      { id: 14, name: 'VW Golf', price: 240000.99, sold: false },
    ]);
  });
});

describe('LibreOffice Calc', () => {
  it('HTML: numbers from sdval when shown formatted; dates, booleans and "007" as shown; <br> a line break', () => {
    expect(grid(fixture('libreoffice.html'), fixture('libreoffice.txt'))).toEqual([
      ['id', 'name', 'price', 'sold'],
      ['13', 'BMW 320d Touring', '18900.5', 'FALSCH'],
      ['14', 'VW Golf 8\n"Life" & Navi', '21450', 'WAHR'],
      ['27.11.2026', '007', '0.15', ''],
    ]);
  });

  it('text: tab-separated with a quoted multi-line field', () => {
    expect(grid(undefined, fixture('libreoffice.txt'))).toEqual([
      ['id', 'name', 'price', 'sold'],
      ['13', 'BMW 320d Touring', '18.900,50 €', 'FALSCH'],
      ['14', 'VW Golf 8\n"Life" & Navi', '21.450,00 €', 'WAHR'],
      ['27.11.2026', '007', '15%', ''],
    ]);
  });
});

describe('Excel', () => {
  it('HTML: the fragment table, numbers from x:num, a cell line break', () => {
    expect(grid(fixture('excel.html'), fixture('excel.txt'))).toEqual([
      ['id', 'name', 'price', 'sold'],
      ['15', 'Mercedes C 200 Kombi', '24990.9', 'FALSCH'],
      ['16', 'Škoda Octavia\nRS <iV>', '31500', 'WAHR'],
    ]);
  });

  it('text: CRLF rows', () => {
    expect(grid(undefined, fixture('excel.txt'))[2]).toEqual([
      '16',
      'Škoda Octavia\nRS <iV>',
      '31.500,00 €',
      'WAHR',
    ]);
  });
});

describe('Google Sheets', () => {
  it('HTML: numbers from data-sheets-value, emoji kept', () => {
    expect(grid(fixture('google-sheets.html'), fixture('google-sheets.txt'))).toEqual([
      ['id', 'name', 'price', 'sold'],
      ['17', 'Opel Astra Sports Tourer 🚗', '15750.25', 'FALSE'],
      ['18', 'Ford Focus\nTitanium', '9999', 'TRUE'],
    ]);
  });

  it('text without a final line break', () => {
    expect(grid(undefined, fixture('google-sheets.txt'))).toHaveLength(3);
  });
});

describe('a paste of each spreadsheet into the dealer list', () => {
  it.each(['libreoffice', 'excel', 'google-sheets'])('%s: header mapped by name, typed cells', (name) => {
    const t = table('[{"id":1,"name":"a","price":5.5,"sold":true}]');
    const rows = grid(fixture(`${name}.html`), undefined).slice(0, 3);
    const result = applyEdit(t, { kind: 'paste', row: 1, column: 'id', grid: rows });
    expect(result.ok).toBe(true);
    const written = result.ok ? (JSON.parse(tableToText(result.table)) as Record<string, unknown>[]) : [];
    expect(written).toHaveLength(2);
    expect(typeof written[0]?.price).toBe('number');
    expect(typeof written[1]?.sold).toBe('boolean');
  });
});

describe('refusals', () => {
  it('nothing, binary data, an HTML clipboard without table and text', () => {
    expect(gridFromClipboard(undefined, undefined, parseHtml)).toEqual({ ok: false, code: 'empty' });
    expect(gridFromClipboard(undefined, '  \n', parseHtml)).toEqual({ ok: false, code: 'empty' });
    expect(gridFromClipboard(undefined, '\u0089PNG\r\n\u001a\n\u0000\u0000', parseHtml)).toEqual({
      ok: false,
      code: 'notATable',
    });
    expect(gridFromClipboard('<img src="x.png">', undefined, parseHtml)).toEqual({
      ok: false,
      code: 'notATable',
    });
  });

  it(`10,000 rows: refused with the limit (${PASTE_ROW_LIMIT}), as text and as HTML`, () => {
    const text = Array.from({ length: 10_000 }, (_, i) => `${i}\tx`).join('\n');
    expect(gridFromClipboard(undefined, text, parseHtml)).toEqual({
      ok: false,
      code: 'tooManyRows',
      limit: 5000,
    });
    const html = `<table>${'<tr><td>1</td></tr>'.repeat(10_000)}</table>`;
    expect(gridFromClipboard(html, text, parseHtml)).toEqual({ ok: false, code: 'tooManyRows', limit: 5000 });
    const fits = Array.from({ length: PASTE_ROW_LIMIT }, (_, i) => `${i}`).join('\n');
    expect(gridFromClipboard(undefined, fits, parseHtml)).toMatchObject({ ok: true });
  });
});

describe('TSV', () => {
  it('quoted fields: tabs, quotes, CRLF inside; text after a closing quote kept', () => {
    expect(parseTsv('"a\tb"\t"say ""hi"""\r\n"x\r\ny"\tz"q"\r\n')).toEqual([
      ['a\tb', 'say "hi"'],
      ['x\r\ny', 'z"q"'],
    ]);
    expect(parseTsv('a\t\tc\n\nd')).toEqual([['a', '', 'c'], [''], ['d']]);
  });
});

describe('copying rows', () => {
  it('a header and the chosen rows as TSV and as an escaped HTML table', () => {
    const t = table('[{"id":1,"name":"<b>&\\"x\\"</b>"},{"id":2,"note":"two\\nlines\\tand tab"},{"id":3}]');
    const copied = clipboardFromRows(t, [2, 1]);
    expect(copied.text).toBe('id\tname\tnote\r\n1\t"<b>&""x""</b>"\t\r\n2\t\t"two\nlines\tand tab"\r\n');
    expect(copied.html).toBe(
      '<table><thead><tr><th>id</th><th>name</th><th>note</th></tr></thead><tbody>' +
        '<tr><td>1</td><td>&#60;b&#62;&#38;&#34;x&#34;&#60;/b&#62;</td><td></td></tr>' +
        '<tr><td>2</td><td></td><td>two<br>lines\tand tab</td></tr></tbody></table>',
    );
    expect(parseTsv(copied.text)).toEqual([
      ['id', 'name', 'note'],
      ['1', '<b>&"x"</b>', ''],
      ['2', '', 'two\nlines\tand tab'],
    ]);
    expect(grid(copied.html, undefined)[2]).toEqual(['2', '', 'two\nlines and tab']);
  });
});
