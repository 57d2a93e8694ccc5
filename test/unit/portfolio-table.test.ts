import { describe, expect, it } from 'vitest';
import { csvFormat, parseCsv } from '../../lib/export/csv';
import {
  COLUMNS,
  type Column,
  filterRows,
  keepUnchangedRows,
  portfolioCsv,
  sortRows,
} from '../../lib/portfolio/table';
import { row } from './portfolio-fixtures';

const rows = [
  row('a', 'Ulmenring 6', 'Nordstadt', [
    [500, true],
    [400, false],
  ]),
  row('b', 'Ahornweg 2', 'Südviertel', [[1234.5, true]]),
  row('c', 'Königshof', 'Altstadt', null),
];
const header = Object.fromEntries(COLUMNS.map((c) => [c, c])) as Record<Column, string>;

describe('portfolio table', () => {
  it('sorts by any column both ways; an unknown value goes last either way', () => {
    expect(sortRows(rows, { column: 'name', direction: 'ascending' }, 'de').map((r) => r.id)).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(sortRows(rows, { column: 'rentLet', direction: 'descending' }).map((r) => r.id)).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(sortRows(rows, { column: 'rentLet', direction: 'ascending' }).map((r) => r.id)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(sortRows(rows, { column: 'occupancy', direction: 'descending' }).map((r) => r.id)).toEqual([
      'b',
      'a',
      'c',
    ]);
  });

  it('filters by every word in the name or area, ignoring case and accents', () => {
    expect(filterRows(rows, 'konigs').map((r) => r.id)).toEqual(['c']);
    expect(filterRows(rows, 'nord ulmen').map((r) => r.id)).toEqual(['a']);
    expect(filterRows(rows, '  ').length).toBe(3);
  });

  it('exports CSV that parses back to the rows and the totals, with the German separator and numbers', () => {
    const text = portfolioCsv(rows, header, 'Summe', csvFormat('de'));
    const parsed = parseCsv(text, ';');
    expect(parsed[0]).toEqual([...COLUMNS]);
    expect(parsed[1]?.slice(0, 8)).toEqual(['Ulmenring 6', 'Nordstadt', '2', '1', '1', '50', '500', '400']);
    expect(parsed[2]?.[6]).toBe('1.234,5');
    expect(parsed[3]?.slice(0, 3)).toEqual(['Königshof', 'Altstadt', '']);
    expect(parsed[4]?.slice(0, 8)).toEqual(['Summe', '', '3', '2', '1', '', '1.734,5', '400']);
    expect(text).not.toMatch(/NaN|undefined/);
  });

  it('exports an odd number (a rent roll past the largest number) as an empty cell, as "–" on screen', () => {
    const odd = [
      row('x', 'Birkenhof 3', null, [[1e308, true]]),
      row('y', 'Erlenstieg 8', null, [[1e308, true]]),
    ];
    const parsed = parseCsv(portfolioCsv(odd, header, 'Total', csvFormat('en')), ',');
    expect(parsed[1]?.[6]).toMatch(/^100(,000)+$/); // one room's rent is a number
    expect(parsed[3]?.slice(0, 7)).toEqual(['Total', '', '2', '2', '0', '', '']);
    expect(parsed.flat().join()).not.toMatch(/Infinity|NaN|∞/);
  });

  it('keeps the row objects whose data is unchanged, takes the changed and new ones, drops the gone', () => {
    const next = structuredClone([rows[1]!, rows[0]!, row('d', 'Eschenhof', null, null)]);
    next[1]!.figures.rentLet = 501;
    const kept = keepUnchangedRows(rows, next);
    expect(kept[0]).toBe(rows[1]); // the same data, parsed anew: the old object
    expect(kept[1]).toBe(next[1]); // changed
    expect(kept[2]).toBe(next[2]); // new
    expect(kept.map((r) => r.id)).toEqual(['b', 'a', 'd']);
    const problem = structuredClone(rows[2]!);
    problem.problems = { rooms: 'failed' };
    expect(keepUnchangedRows(rows, [problem])[0]).toBe(problem);
  });
});
