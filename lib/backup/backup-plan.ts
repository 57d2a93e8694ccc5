/**
 * Pure parts of "Back up everything": the targets a backup reads, its file's name, and how long the
 * reads still to do take at the key's budget. The job itself runs in lib/jobs/backup-run.ts.
 */
import { type Target, type TargetKind, pathIdProblem } from '../api/schemas';
import { slotCount } from '../api/slot-limits';
import type { LeftOutTarget } from '../storage/backup-jobs';

export interface NamedTarget {
  target: Target;
  name?: string;
}

/** A target as the account's lists give it: its id not checked yet. */
export interface ListedTarget {
  target: { kind: TargetKind; id: string };
  name?: string;
}

/** An id as shown: at most 40 characters. */
const shownId = (id: string) => (id.length > 40 ? `${id.slice(0, 39)}…` : id);

/**
 * The targets a backup can read, and those it leaves out with why: an id that is no single path
 * segment of the API (`..`, `a/b`, 300 characters) could only ever be refused or name another path.
 */
export function usableTargets(listed: readonly ListedTarget[]): {
  targets: NamedTarget[];
  leftOut: LeftOutTarget[];
} {
  const targets: NamedTarget[] = [];
  const leftOut: LeftOutTarget[] = [];
  for (const { target, name } of listed) {
    const problem = pathIdProblem(target.id);
    if (problem === null) targets.push({ target, ...(name ? { name } : {}) });
    else
      leftOut.push({
        kind: target.kind,
        id: shownId(target.id),
        ...(name ? { name } : {}),
        reason: `id ${problem}`,
      });
  }
  return { targets, leftOut };
}

/** A target as the job starts it: every slot the profile's premium state gives it, none read yet. */
export const plannedTarget = ({ target, name }: NamedTarget, premium: boolean) => ({
  target,
  ...(name ? { name } : {}),
  slots: slotCount(premium),
  outcome: 'pending' as const,
});

/** Whole minutes (at least 1 while anything is left) that `requests` take at `perMinute`. */
export function minutesFor(requests: number, perMinute: number): number {
  if (requests <= 0) return 0;
  return Math.max(1, Math.ceil(requests / Math.max(perMinute, 0.1)));
}

/** A profile name as part of a file name: letters, digits, `-` and `_` only, at most 40 of them. */
export function safeFileNamePart(text: string): string {
  const safe = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40)
    .replace(/-$/, '');
  return safe || 'profile';
}

/** `page-options-backup-<profile>-<YYYY-MM-DD>.json`, the date in the local calendar. */
export function backupFileName(profileName: string, at: Date): string {
  const day = [at.getFullYear(), at.getMonth() + 1, at.getDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('-');
  return `page-options-backup-${safeFileNamePart(profileName)}-${day}.json`;
}
