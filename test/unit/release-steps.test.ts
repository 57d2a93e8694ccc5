import { describe, expect, it } from 'vitest';
import {
  bumpLockfile,
  changelogEntry,
  parseLog,
  prependEntry,
  versionProblem,
} from '../../scripts/release-steps';

describe('release version check', () => {
  it('accepts a greater major.minor.patch', () => {
    expect(versionProblem('0.1.0', '0.1.1')).toBeNull();
    expect(versionProblem('0.1.9', '0.2.0')).toBeNull();
    expect(versionProblem('0.9.0', '0.10.0')).toBeNull();
    expect(versionProblem('1.2.3', '2.0.0')).toBeNull();
  });

  it('refuses a missing, malformed, equal or smaller version, saying which', () => {
    expect(versionProblem('0.1.0', undefined)).toMatch(/^Name the new version/);
    expect(versionProblem('0.1.0', '1.0')).toBe(
      '"1.0" is not a version of the form major.minor.patch (e.g. 1.2.0), as both stores require.',
    );
    expect(versionProblem('0.1.0', '1.0.0-beta.1')).toMatch(/is not a version of the form/);
    expect(versionProblem('0.1.0', '01.0.0')).toMatch(/is not a version of the form/);
    expect(versionProblem('0.1.0', '0.1.0')).toBe('0.1.0 is not greater than the current version 0.1.0.');
    expect(versionProblem('0.10.0', '0.9.0')).toBe('0.9.0 is not greater than the current version 0.10.0.');
  });
});

describe('release files', () => {
  it('bumps both version fields of package-lock.json and keeps the rest', () => {
    const lock = {
      name: 'x',
      version: '0.1.0',
      packages: { '': { name: 'x', version: '0.1.0' }, 'node_modules/a': { version: '9.9.9' } },
    };
    expect(bumpLockfile(lock, '0.2.0')).toEqual({
      name: 'x',
      version: '0.2.0',
      packages: { '': { name: 'x', version: '0.2.0' }, 'node_modules/a': { version: '9.9.9' } },
    });
  });

  it('writes a CHANGELOG entry from the commits, newest entry first', () => {
    const commits = parseLog('abc1234\tFix the popup\ndef5678\tAdd icons\twith a tab\n');
    expect(commits).toEqual([
      { hash: 'abc1234', subject: 'Fix the popup' },
      { hash: 'def5678', subject: 'Add icons\twith a tab' },
    ]);
    const first = prependEntry(null, changelogEntry('0.2.0', '2026-01-02', commits, null));
    expect(first).toBe(
      '# Changelog\n\n## 0.2.0 – 2026-01-02\n\nChanges since the beginning.\n\n- Fix the popup (abc1234)\n- Add icons\twith a tab (def5678)\n',
    );
    const second = prependEntry(first, changelogEntry('0.3.0', '2026-02-03', [], 'v0.2.0'));
    expect(second).toBe(
      '# Changelog\n\n## 0.3.0 – 2026-02-03\n\nChanges since v0.2.0.\n\n- No changes since the last release.\n\n## 0.2.0 – 2026-01-02\n\nChanges since the beginning.\n\n- Fix the popup (abc1234)\n- Add icons\twith a tab (def5678)\n',
    );
  });
});
