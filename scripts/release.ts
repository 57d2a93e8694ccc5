/**
 * `npm run release -- <version> [--dry-run] [--skip-tests]`: checks the version (major.minor.patch,
 * greater than package.json's) and that the git tree is clean, runs `npm test`, bumps package.json
 * and package-lock.json, writes a CHANGELOG.md entry from the commits since the last tag, builds and
 * zips both browsers and the sources (`npm run zip`) and prints each artifact's SHA-256 and size;
 * then commits "Release <version>" and tags v<version> (nothing is pushed).
 *
 * `--dry-run` does all of that except the commit and the tag, and restores package.json,
 * package-lock.json and CHANGELOG.md afterwards; the zips stay in .output/. `--skip-tests` skips
 * `npm test` and is accepted only with `--dry-run`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { bumpLockfile, changelogEntry, parseLog, prependEntry, versionProblem } from './release-steps';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const skipTests = args.includes('--skip-tests');
const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--dry-run' && arg !== '--skip-tests');
const next = args.find((arg) => !arg.startsWith('--'));

/** Undoes the file changes of a release that did not finish; set once files are changed. */
let undo = () => {};

function fail(message: string): never {
  console.error(`release: ${message}`);
  undo();
  process.exit(1);
}

const git = (...gitArgs: string[]) => execFileSync('git', gitArgs, { encoding: 'utf8' }).trim();

function run(command: string, commandArgs: string[]): void {
  console.log(`\n$ ${command} ${commandArgs.join(' ')}`);
  const result = spawnSync(command, commandArgs, { stdio: 'inherit' });
  if (result.status !== 0)
    fail(`${command} ${commandArgs.join(' ')} failed (exit ${result.status ?? result.signal}).`);
}

if (unknown.length) fail(`unknown option ${unknown.join(', ')}; known: --dry-run, --skip-tests.`);
if (skipTests && !dryRun) fail('--skip-tests is allowed only with --dry-run: a release runs the tests.');

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { name: string; version: string };
const problem = versionProblem(pkg.version, next);
if (problem || !next) fail(problem ?? 'no version');
const version = next;

const dirty = git('status', '--porcelain');
if (dirty) fail(`the git tree is not clean; commit or stash first:\n${dirty}`);

const lastTag = spawnSync('git', ['describe', '--tags', '--abbrev=0'], { encoding: 'utf8' });
const since = lastTag.status === 0 ? lastTag.stdout.trim() : null;
const commits = parseLog(
  git('log', '--no-merges', '--format=%h%x09%s', ...(since ? [`${since}..HEAD`] : [])),
);

if (skipTests) console.log('Skipping npm test (--skip-tests, dry run).');
else run('npm', ['test']);

const originals = new Map(
  ['package.json', 'package-lock.json', 'CHANGELOG.md'].map((file) => [
    file,
    existsSync(file) ? readFileSync(file, 'utf8') : null,
  ]),
);
const restore = () => {
  for (const [file, text] of originals) {
    if (text === null) rmSync(file, { force: true });
    else writeFileSync(file, text);
  }
  console.log('package.json, package-lock.json and CHANGELOG.md restored.');
};
undo = restore;

const json = (text: string | null | undefined) => JSON.parse(text ?? '{}') as Record<string, unknown>;
writeFileSync(
  'package.json',
  JSON.stringify({ ...json(originals.get('package.json')), version }, null, 2) + '\n',
);
writeFileSync(
  'package-lock.json',
  JSON.stringify(bumpLockfile(json(originals.get('package-lock.json')), version), null, 2) + '\n',
);
const entry = changelogEntry(version, new Date().toISOString().slice(0, 10), commits, since);
writeFileSync('CHANGELOG.md', prependEntry(originals.get('CHANGELOG.md') ?? null, entry));
console.log(
  `\nCHANGELOG.md entry (${commits.length} commits since ${since ?? 'the beginning'}):\n\n${entry}`,
);

run('npm', ['run', 'zip']);

const artifacts = ['chrome', 'firefox', 'sources'].map(
  (kind) => `.output/${pkg.name}-${version}-${kind}.zip`,
);
console.log('\nSHA-256 of the artifacts:');
for (const file of artifacts) {
  if (!existsSync(file)) fail(`expected artifact ${file} was not written.`);
  const hash = createHash('sha256').update(readFileSync(file)).digest('hex');
  console.log(`${hash}  ${file}  (${(statSync(file).size / 1024).toFixed(1)} KB)`);
}

if (dryRun) {
  console.log('\nDry run: no commit, no tag.');
  restore();
} else {
  git('add', 'package.json', 'package-lock.json', 'CHANGELOG.md');
  git('commit', '-m', `Release ${version}`);
  undo = () => {};
  git('tag', '-a', `v${version}`, '-m', `Release ${version}`);
  console.log(`\nCommitted "Release ${version}" and tagged v${version}. Push with: git push --follow-tags`);
}
