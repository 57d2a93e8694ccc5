/**
 * AMO reviewers rebuild the Firefox add-on from the sources zip: it must give the same bytes as the
 * package we upload. Zips as `npm run zip` does, unpacks the sources zip into a temporary folder
 * (node_modules linked, not installed), builds there and compares every file's SHA-256.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import JSZip from 'jszip';
import { afterAll, describe, expect, it } from 'vitest';

const WXT = resolve('node_modules/.bin/wxt');
/** The environment of a plain `npm run zip`: vitest's NODE_ENV=test would change what Vite bundles. */
const BUILD_ENV = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
);
const { name, version } = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
};

function hashes(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  return Object.fromEntries(
    files
      .map((entry) => join(entry.parentPath, entry.name))
      .map((file) => [
        file.slice(dir.length + 1),
        createHash('sha256').update(readFileSync(file)).digest('hex'),
      ])
      .sort(([a], [b]) => (a as string).localeCompare(b as string)),
  );
}

async function unzip(zipFile: string, into: string): Promise<number> {
  const zip = await JSZip.loadAsync(readFileSync(zipFile));
  const files = Object.values(zip.files).filter((entry) => !entry.dir);
  for (const entry of files) {
    const target = join(into, entry.name);
    if (!target.startsWith(into + '/')) throw new Error(`zip entry outside the folder: ${entry.name}`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, await entry.async('nodebuffer'));
  }
  return files.length;
}

const workDir = mkdtempSync(join(tmpdir(), 'po-sources-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('sources zip', () => {
  it('rebuilds to a byte-identical Firefox extension', { timeout: 180_000 }, async () => {
    execFileSync(WXT, ['zip', '-b', 'firefox', '--mv3'], { env: BUILD_ENV, stdio: 'pipe' });
    const shipped = hashes(resolve('.output/firefox-mv3'));

    const unpacked = await unzip(resolve(`.output/${name}-${version}-sources.zip`), workDir);
    expect(unpacked).toBeGreaterThan(50);
    symlinkSync(resolve('node_modules'), join(workDir, 'node_modules'), 'dir');
    execFileSync(WXT, ['build', '-b', 'firefox', '--mv3'], { cwd: workDir, env: BUILD_ENV, stdio: 'pipe' });
    const rebuilt = hashes(join(workDir, '.output/firefox-mv3'));

    expect(Object.keys(shipped)).toContain('manifest.json');
    expect(rebuilt).toEqual(shipped);
  });
});
