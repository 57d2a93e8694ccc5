/** The pure parts of a backup: its file's name, made safe for file systems, and the time left at a budget. */
import { describe, expect, it } from 'vitest';
import { perMinuteOf } from '../../lib/api/limits';
import { backupFileName, minutesFor, safeFileNamePart } from '../../lib/backup/backup-plan';

describe('backup plan', () => {
  it('names the file with the profile and the local date, keeping only what every file system takes', () => {
    const day = new Date(2026, 10, 24, 23, 30);
    expect(backupFileName('Lotte', day)).toBe('page-options-backup-Lotte-2026-11-24.json');
    expect(backupFileName('Jürgen Großmann', day)).toBe(
      'page-options-backup-Jurgen-Grossmann-2026-11-24.json',
    );
    expect(safeFileNamePart('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileNamePart('a:b*c?"<>|\\\\d')).toBe('a-b-c-d');
    expect(safeFileNamePart('🏠🏠')).toBe('profile');
    expect(safeFileNamePart('CON')).toBe('CON');
    expect(safeFileNamePart('x'.repeat(60))).toHaveLength(40);
  });

  it('says the time left in whole minutes at the budget, the assumed 10 per minute when none is known', () => {
    expect(perMinuteOf(null)).toBe(10);
    expect(perMinuteOf({ limit: 10, windowMs: 60_000, source: 'learned' })).toBe(10);
    expect(perMinuteOf({ limit: 10, windowMs: 3_000, source: 'headers' })).toBe(200);
    expect(minutesFor(240, 10)).toBe(24);
    expect(minutesFor(156, 10)).toBe(16);
    expect(minutesFor(3, 200)).toBe(1);
    expect(minutesFor(0, 10)).toBe(0);
  });
});
