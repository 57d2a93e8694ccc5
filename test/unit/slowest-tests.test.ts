/** The ten slowest test files, as docs/development.md lists them from the last run's JSON. */
import { describe, expect, it } from 'vitest';
import { slowestTable, withTable } from '../../scripts/slowest-tests';

const file = (name: string, seconds: number, tests: number[]) => ({
  name: `/repo/${name}`,
  startTime: 1_000,
  endTime: 1_000 + seconds * 1000,
  assertionResults: tests.map((duration) => ({ duration })),
});

describe('the slowest test files', () => {
  it('lists the slowest first, at most `count`, paths from the root, with the longest test', () => {
    const table = slowestTable(
      [
        file('test/a.test.ts', 2, [500]),
        file('test/b.test.ts', 12.34, [1000, 9000]),
        file('test/c.test.ts', 5, []),
      ],
      '/repo',
      2,
    );
    expect(table.split('\n').slice(2)).toEqual([
      '| `test/b.test.ts` | 2 | 12.3 | 9.0 |',
      '| `test/c.test.ts` | 0 | 5.0 | 0.0 |',
    ]);
  });

  it('replaces what stands between the markers and nothing else; without them it says so', () => {
    const doc = 'before\n<!-- slowest:start -->\nold\n<!-- slowest:end -->\nafter';
    expect(withTable(doc, 'new')).toBe('before\n<!-- slowest:start -->\nnew\n<!-- slowest:end -->\nafter');
    expect(() => withTable('no markers', 'new')).toThrow(/lacks the markers/);
  });
});
