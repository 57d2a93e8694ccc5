/**
 * CSV as spreadsheets open it cleanly: RFC 4180 (CRLF rows, fields with the separator, a quote or a
 * line break quoted, quotes doubled), UTF-8 with a byte-order mark (Excel reads UTF-8 only with it),
 * and the separator and number format of the UI language: German spreadsheets split on `;` and read
 * `1.234,56`; English ones split on `,` and read `1,234.56` (quoted, since it holds the separator).
 */

export type CsvCell = string | number | null | undefined;

export interface CsvFormat {
  separator: ',' | ';';
  /** Formats a number the way the UI language's spreadsheets read it. */
  number: (value: number) => string;
}

/** The BOM that tells Excel the file is UTF-8. */
export const BOM = '\uFEFF';

/** German (and the other languages whose decimal mark is a comma) use `;`; the rest `,`. */
export function csvFormat(locale: string, fractionDigits = 2): CsvFormat {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: fractionDigits, useGrouping: true });
  const decimalMark = format.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
  return { separator: decimalMark === ',' ? ';' : ',', number: (value) => format.format(value) };
}

/**
 * Text from the game (tenant names, references) is untrusted: a cell starting like a formula would
 * run as one in a spreadsheet, so it gets a leading apostrophe, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

function field(cell: CsvCell, format: CsvFormat): string {
  if (cell === null || cell === undefined) return '';
  const text =
    typeof cell === 'number'
      ? Number.isFinite(cell)
        ? format.number(cell)
        : ''
      : FORMULA_START.test(cell)
        ? `'${cell}`
        : cell;
  const needsQuotes = /["\r\n]/.test(text) || text.includes(format.separator) || text !== text.trim();
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One document: BOM, the header row, then one row per record, every row ended by CRLF. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvCell[])[],
  format: CsvFormat,
): string {
  const line = (cells: readonly CsvCell[]) =>
    cells.map((c) => field(c, format)).join(format.separator) + '\r\n';
  return BOM + line(header) + rows.map(line).join('');
}

/** Reads RFC 4180 text back into rows of fields (a leading BOM is dropped). */
export function parseCsv(text: string, separator: ',' | ';'): string[][] {
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  const endField = () => {
    row.push(value);
    value = '';
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted && c === '"' && input[i + 1] === '"') {
      value += '"';
      i++;
    } else if (c === '"' && (quoted || value === '')) {
      quoted = !quoted;
    } else if (quoted || (c !== separator && c !== '\r' && c !== '\n')) {
      value += c;
    } else if (c === separator) {
      endField();
    } else {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endField();
      rows.push(row);
      row = [];
    }
  }
  if (value !== '' || row.length > 0) {
    endField();
    rows.push(row);
  }
  return rows;
}
