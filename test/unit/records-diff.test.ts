/** A conflict shown as records: which were added, removed, changed. */
import { describe, expect, it } from 'vitest';
import { diffRecords } from '../../lib/records/diff';
import { rowText } from '../../lib/records/table';
import { table } from './records-helpers';

const summary = (before: string, after: string) => {
  const diff = diffRecords(table(before), table(after));
  return {
    matchedBy: diff.matchedBy,
    added: diff.added.map((r) => `${r.place}:${rowText(r.row)}`),
    removed: diff.removed.map((r) => `${r.place}:${rowText(r.row)}`),
    changed: diff.changed.map((c) => `${c.before.place}->${c.after.place}:${rowText(c.after.row)}`),
  };
};

describe('diffRecords', () => {
  it('by id: a changed price, a removed and an added car, a moved one unchanged', () => {
    expect(
      summary(
        '[{"id":1,"p":5},{"id":2,"p":6},{"id":3,"p":7}]',
        '[{"id":3,"p":7},{"id":1,"p":9},{"id":4,"p":1}]',
      ),
    ).toEqual({
      matchedBy: 'id',
      added: ['3:{"id":4,"p":1}'],
      removed: ['2:{"id":2,"p":6}'],
      changed: ['1->2:{"id":1,"p":9}'],
    });
  });

  it('without ids: by text, a change is a removal and an addition; duplicates counted', () => {
    expect(summary('[{"a":1},{"a":1},{"a":2}]', '[{"a":1},{"a":3},{"a":2}]')).toEqual({
      matchedBy: null,
      added: ['2:{"a":3}'],
      removed: ['2:{"a":1}'],
      changed: [],
    });
  });

  it('the same list: nothing', () => {
    expect(summary('{"v":1,"cars":[{"id":1}]}', '{"v":2,"cars":[{"id":1}]}')).toEqual({
      matchedBy: 'id',
      added: [],
      removed: [],
      changed: [],
    });
  });
});
