/** `npm test`'s runner (scripts/test-suites.ts) merges its three runs' reports into one. */
import { describe, expect, it } from 'vitest';
import { mergeReports } from '../../scripts/test-suites';

const report = (passed: number, failed: number, startTime: number, files: string[]) => ({
  numTotalTests: passed + failed,
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: 0,
  numTodoTests: 0,
  numTotalTestSuites: files.length,
  numPassedTestSuites: failed === 0 ? files.length : 0,
  numFailedTestSuites: failed === 0 ? 0 : files.length,
  numPendingTestSuites: 0,
  success: failed === 0,
  startTime,
  testResults: files.map((name) => ({ name })),
});

describe('mergeReports', () => {
  it('adds the counts, lists every file and fails when one run failed', () => {
    const merged = mergeReports([report(10, 0, 300, ['a']), report(5, 1, 200, ['b', 'c'])]);
    expect(merged.numPassedTests).toBe(15);
    expect(merged.numFailedTests).toBe(1);
    expect(merged.numTotalTests).toBe(16);
    expect(merged.testResults).toEqual([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect(merged.success).toBe(false);
    expect(merged.startTime).toBe(200);
  });
});
