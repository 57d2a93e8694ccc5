/**
 * Rows from and to a spreadsheet's clipboard. The HTML table first (parsed with the DOMParser the
 * caller passes: it loads nothing, runs nothing, and keeps this module DOM-free), where the
 * spreadsheets keep each number's value beside its formatted text; else the tab-separated text.
 */
import { cellText } from './cells';
import { cellOf } from './table';
import { parseTsv, toTsv } from './tsv';
import type { ClipboardGrid, RecordTable } from './types';

/** Rows a paste may bring (header included): far above the ~440 records a 20-slot document holds. */
export const PASTE_ROW_LIMIT = 5000;

// NUL and the other C0 controls besides tab and line breaks: not text a spreadsheet copies.
// eslint-disable-next-line no-control-regex -- the point is to find them
const BINARY = /[\u0000-\u0008\u000e-\u001f\ufffd]/;

const tooMany = (): ClipboardGrid => ({ ok: false, code: 'tooManyRows', limit: PASTE_ROW_LIMIT });

export function gridFromClipboard(
  html: string | undefined,
  text: string | undefined,
  parseHtml: (html: string) => Document,
): ClipboardGrid {
  if (html && /<table[\s>]/i.test(html)) {
    // Counted before parsing: a huge table is refused without building its DOM.
    if ((html.match(/<tr[\s>]/gi)?.length ?? 0) > PASTE_ROW_LIMIT) return tooMany();
    const grid = gridFromHtml(parseHtml(html));
    if (grid) return { ok: true, grid, from: 'html' };
  }
  if (text === undefined || text.trim() === '') return { ok: false, code: html ? 'notATable' : 'empty' };
  if (BINARY.test(text)) return { ok: false, code: 'notATable' };
  const grid = parseTsv(text);
  if (grid.length > PASTE_ROW_LIMIT) return tooMany();
  return { ok: true, grid, from: 'text' };
}

function gridFromHtml(doc: Document): string[][] | null {
  const table = doc.querySelector('table');
  if (!table) return null;
  const grid: string[][] = [];
  /** Per column: how many more rows a merged cell above still covers (`rowspan`). */
  const covered: number[] = [];
  const skipCovered = (row: string[]) => {
    while ((covered[row.length] ?? 0) > 0) {
      covered[row.length] = (covered[row.length] ?? 1) - 1;
      row.push('');
    }
  };
  for (const tr of Array.from(table.querySelectorAll('tr'))) {
    if (tr.closest('table') !== table) continue;
    const row: string[] = [];
    for (const cell of Array.from(tr.children)) {
      const tag = cell.tagName.toLowerCase();
      if (tag !== 'td' && tag !== 'th') continue;
      skipCovered(row);
      const columns = span(cell, 'colspan');
      const rows = span(cell, 'rowspan');
      for (let k = 0; k < columns; k++) {
        if (rows > 1) covered[row.length] = rows - 1;
        row.push(k === 0 ? cellValue(cell) : '');
      }
    }
    skipCovered(row);
    grid.push(row);
  }
  return grid.length > 0 ? grid : null;
}

/** A cell's colspan or rowspan: 1 unless a sane number says more. */
function span(cell: Element, name: 'colspan' | 'rowspan'): number {
  const value = Number(cell.getAttribute(name) ?? '1');
  return Number.isInteger(value) && value > 1 ? Math.min(value, 1000) : 1;
}

/**
 * A cell's value: the number the spreadsheet stores (LibreOffice `sdval`, Excel `x:num`, Google
 * Sheets `data-sheets-value`) when its shown text is that number formatted (grouping, decimal
 * comma, currency, percent), so `12.500,00 €` pastes as 12500; else the text as shown (a date
 * stays `27.11.2026`, never its serial number).
 */
function cellValue(cell: Element): string {
  const shown = shownText(cell);
  const stored = storedNumber(cell);
  if (stored !== null && showsNumber(shown, stored)) return stored;
  return shown;
}

function storedNumber(cell: Element): string | null {
  // A German LibreOffice writes the value with its decimal comma (sdval="12500,5").
  const sdval = cell.getAttribute('sdval');
  if (sdval !== null) return /^-?\d+,\d+$/.test(sdval.trim()) ? sdval.trim().replace(',', '.') : sdval;
  const num = cell.getAttribute('x:num');
  if (num !== null && num !== '') return num;
  const sheets = cell.getAttribute('data-sheets-value');
  if (sheets) {
    try {
      const value = JSON.parse(sheets) as Record<string, unknown>;
      if (value['1'] === 3 && typeof value['3'] === 'number') return String(value['3']);
    } catch {
      return null;
    }
  }
  return null;
}

/** Whether `shown` is `stored` formatted: the same digits once grouping, currency and % are set aside. */
function showsNumber(shown: string, stored: string): boolean {
  const value = Number(stored);
  if (!Number.isFinite(value)) return false;
  const bare = shown.replace(/[\s\u00a0\u202f'€$£%]/g, '').replace('−', '-');
  if (!/^[-+]?[\d.,]+$/.test(bare) || !/\d/.test(bare)) return false;
  const scale = shown.includes('%') ? 100 : 1;
  const readings = [bare.replaceAll('.', '').replace(',', '.'), bare.replaceAll(',', '')];
  return readings.some((reading) => {
    if (!/^[-+]?\d*\.?\d*$/.test(reading)) return false;
    const decimals = reading.split('.')[1]?.length ?? 0;
    return (
      Math.abs(Number(reading) - value * scale) <= 0.5 * 10 ** -decimals + 1e-9 * Math.abs(value * scale)
    );
  });
}

const BLOCKS = new Set(['p', 'div', 'li', 'tr']);

/** The text a cell shows: white space collapsed as HTML does, `<br>` and blocks as line breaks. */
function shownText(cell: Element): string {
  let out = '';
  const walk = (node: Node) => {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) out += (child.nodeValue ?? '').replace(/[ \t\r\n]+/g, ' ');
      else if (child.nodeType === 1) {
        const tag = (child as Element).tagName.toLowerCase();
        if (tag === 'style' || tag === 'script') continue;
        if (tag === 'br') out += '\n';
        else {
          if (BLOCKS.has(tag) && out !== '' && !out.endsWith('\n')) out += '\n';
          walk(child);
        }
      }
    }
  };
  walk(cell);
  return out
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .trim();
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`).replace(/\r?\n/g, '<br>');

/** The rows (in table order) as a header and one line each: tab-separated text and an HTML table. */
export function clipboardFromRows(table: RecordTable, rowIds: number[]): { text: string; html: string } {
  const chosen = new Set(rowIds);
  const rows = table.rows.filter((row) => chosen.has(row.id));
  const grid = [
    [...table.columns],
    ...rows.map((row) =>
      table.columns.map((column) => {
        const value = cellOf(row, column);
        return value ? cellText(value) : '';
      }),
    ),
  ];
  const line = (cells: string[], tag: 'th' | 'td') =>
    `<tr>${cells.map((cell) => `<${tag}>${escapeHtml(cell)}</${tag}>`).join('')}</tr>`;
  const [head = [], ...body] = grid;
  const html = `<table><thead>${line(head, 'th')}</thead><tbody>${body.map((cells) => line(cells, 'td')).join('')}</tbody></table>`;
  return { text: toTsv(grid), html };
}
