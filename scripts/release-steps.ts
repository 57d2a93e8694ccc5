/** The pure parts of `npm run release`: version checks, the lockfile bump and the CHANGELOG entry. */

/** Store versions are dot-separated integers (Chrome allows no pre-release suffix), so: X.Y.Z. */
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

export function parseVersion(text: string): [number, number, number] | null {
  const match = VERSION.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** Why `next` cannot follow `current`, or null when it can. */
export function versionProblem(current: string, next: string | undefined): string | null {
  if (!next) return 'Name the new version: npm run release -- <major.minor.patch> [--dry-run]';
  const to = parseVersion(next);
  if (!to)
    return `"${next}" is not a version of the form major.minor.patch (e.g. 1.2.0), as both stores require.`;
  const from = parseVersion(current);
  if (!from) return `package.json's version "${current}" is not of the form major.minor.patch.`;
  const order = to.map((part, i) => part - (from[i] as number)).find((diff) => diff !== 0) ?? 0;
  return order > 0 ? null : `${next} is not greater than the current version ${current}.`;
}

type Json = Record<string, unknown>;

/** package-lock.json with the version set at the top and at the root package entry. */
export function bumpLockfile(lock: Json, version: string): Json {
  const packages = lock.packages as Record<string, Json> | undefined;
  const root = packages?.[''];
  return {
    ...lock,
    version,
    ...(packages && root ? { packages: { ...packages, '': { ...root, version } } } : {}),
  };
}

export interface Commit {
  hash: string;
  subject: string;
}

/** Parses `git log --format=%h%x09%s` output. */
export function parseLog(log: string): Commit[] {
  return log
    .split('\n')
    .filter((line) => line.includes('\t'))
    .map((line) => {
      const tab = line.indexOf('\t');
      return { hash: line.slice(0, tab), subject: line.slice(tab + 1).trim() };
    });
}

export function changelogEntry(
  version: string,
  date: string,
  commits: Commit[],
  since: string | null,
): string {
  const lines = commits.length
    ? commits.map((commit) => `- ${commit.subject} (${commit.hash})`)
    : ['- No changes since the last release.'];
  const range = since ? `Changes since ${since}.` : 'Changes since the beginning.';
  return [`## ${version} – ${date}`, '', range, '', ...lines, ''].join('\n');
}

const HEADER = '# Changelog\n';

/** The CHANGELOG text with `entry` on top, newest first; starts the file when there is none. */
export function prependEntry(changelog: string | null, entry: string): string {
  const rest = (changelog ?? HEADER).replace(HEADER, '').replace(/^\n+/, '');
  return `${HEADER}\n${entry}${rest ? `\n${rest}` : ''}`;
}
