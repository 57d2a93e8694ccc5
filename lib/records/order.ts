/**
 * The order of a sort by one column: numbers by value (literals beyond 2^53 and with 20 decimals
 * compared exactly, as decimals), text by the locale's collation, then yes/no, null and nested
 * values; absent cells last in either direction.
 */
import { cellText, cellType, typeRank } from './cells';
import { cellOf } from './table';
import type { Json, RecordRow } from './types';

/** A number literal as sign, significant digits and the power of ten of the last digit. */
function decimal(raw: string): { sign: 1 | -1; digits: string; power: number } {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(raw);
  const [, sign = '', whole = '0', fraction = '', exponent = '0'] = match ?? [];
  let digits = (whole + fraction).replace(/^0+/, '');
  let power = Number(exponent) - fraction.length;
  const trailing = /0*$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailing);
  power += trailing;
  return { sign: sign === '-' ? -1 : 1, digits, power };
}

export function compareNumbers(a: string, b: string): number {
  const x = decimal(a);
  const y = decimal(b);
  if (x.digits === '' || y.digits === '') {
    const sx = x.digits === '' ? 0 : x.sign;
    const sy = y.digits === '' ? 0 : y.sign;
    return Math.sign(sx - sy);
  }
  if (x.sign !== y.sign) return x.sign;
  const magnitude = x.digits.length + x.power - (y.digits.length + y.power);
  if (magnitude !== 0) return Math.sign(magnitude) * x.sign;
  const width = Math.max(x.digits.length, y.digits.length);
  const dx = x.digits.padEnd(width, '0');
  const dy = y.digits.padEnd(width, '0');
  return (dx < dy ? -1 : dx > dy ? 1 : 0) * x.sign;
}

function compareValues(a: Json, b: Json, collator: Intl.Collator): number {
  const ta = cellType(a);
  const tb = cellType(b);
  if (ta !== tb) return typeRank(ta) - typeRank(tb);
  if (a.kind === 'number' && b.kind === 'number') return compareNumbers(a.raw, b.raw);
  if (a.kind === 'boolean' && b.kind === 'boolean') return Number(a.value) - Number(b.value);
  return collator.compare(cellText(a), cellText(b));
}

/** The rows sorted by `column`, stable (equal rows keep their order in both directions). */
export function sortedRows(
  rows: readonly RecordRow[],
  column: string,
  direction: 'asc' | 'desc',
  locale?: string,
): RecordRow[] {
  const collator = new Intl.Collator(locale, { numeric: true });
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row, index) => ({ row, index, value: cellOf(row, column) }));
  keyed.sort((p, q) => {
    if (p.value === undefined || q.value === undefined) {
      const absent = Number(p.value === undefined) - Number(q.value === undefined);
      return absent || p.index - q.index;
    }
    return sign * compareValues(p.value, q.value, collator) || p.index - q.index;
  });
  return keyed.map((k) => k.row);
}
