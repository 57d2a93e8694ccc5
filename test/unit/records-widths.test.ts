/** Column widths from every record, so they stay put while the rows in view change. */
import { describe, expect, it } from 'vitest';
import { columnWidth } from '../../lib/records/widths';
import { table } from './records-helpers';

describe('column widths', () => {
  it('come from the widest value of every row or the name, capped at 30 characters', () => {
    const rows = Array.from({ length: 400 }, (_, i) => ({
      id: i,
      name: i === 399 ? 'Mercedes-Benz E 300 de' : 'VW',
    }));
    const t = table(JSON.stringify(rows));
    expect(columnWidth(t, 'name')).toBe('Mercedes-Benz E 300 de'.length + 1);
    expect(columnWidth(t, 'id')).toBe(5);
    expect(columnWidth(table(JSON.stringify([{ note: 'x'.repeat(200) }])), 'note')).toBe(30);
  });
});
