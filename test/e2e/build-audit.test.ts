/**
 * The store builds as shipped: permissions, remote code, bundle budgets and AMO's lint. Sizes are
 * deterministic for a given source, so budgets are checked here; speed is measured in `npm run bench`.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUDGET_KB } from '../../scripts/bundle-budgets';

const CHROME = '.output/chrome-mv3';
const FIREFOX = '.output/firefox-mv3';
const E2E = '.output/chrome-mv3-e2e';

/** Every permission the features use, per browser; anything more is a finding. */
const PERMISSIONS: Record<string, string[]> = {
  [CHROME]: ['storage', 'sidePanel', 'activeTab', 'scripting', 'contextMenus', 'alarms'],
  [FIREFOX]: ['storage', 'activeTab', 'scripting', 'contextMenus', 'alarms'],
};
const OPTIONAL_HOSTS = ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*'];

type Manifest = Record<string, unknown> & { permissions?: string[] };

function manifestOf(dir: string): Manifest {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) throw new Error(`${path} is missing: run npm run build:all`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

function scriptsOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => join(dir, file));
}

/** The JS a page loads at once: its module script and the chunks it preloads. */
function initialScripts(dir: string, page: string): string[] {
  const html = readFileSync(join(dir, page), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="\/?([^"]+\.js)"/g)].map((m) => m[1] as string);
  return refs.map((ref) => join(dir, ref));
}

const gzipKb = (files: string[]) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0) / 1024;

describe('store manifests', () => {
  for (const dir of [CHROME, FIREFOX]) {
    it(`${dir} asks for exactly the permissions the features use`, () => {
      const manifest = manifestOf(dir);
      expect(manifest.permissions?.toSorted()).toEqual(PERMISSIONS[dir]?.toSorted());
      expect(manifest.optional_host_permissions).toEqual(OPTIONAL_HOSTS);
      // Portfolio alerts ask for notifications when the user turns them on.
      expect(manifest.optional_permissions).toEqual(['notifications']);
      expect(manifest).not.toHaveProperty('host_permissions');
      expect(manifest).not.toHaveProperty('content_security_policy');
      expect(JSON.stringify(manifest)).not.toContain('<all_urls>');
    });
  }

  it('only the test build pre-grants the sandbox’s loopback origins', () => {
    expect(manifestOf(E2E).host_permissions).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
  });

  it('only the test build holds the test door (__TEST__)', () => {
    const worker = (dir: string) => readFileSync(join(dir, 'background.js'), 'utf8');
    expect(worker(E2E)).toContain('__TEST__');
    for (const dir of [CHROME, FIREFOX]) {
      expect(worker(dir), dir).not.toContain('__TEST__');
      expect(worker(dir), dir).not.toMatch(/not settled after/);
    }
  });

  it('only the test build runs the request path on a scaled clock; the store builds run at ×1', () => {
    const worker = (dir: string) => readFileSync(join(dir, 'background.js'), 'utf8');
    expect(worker(E2E)).toContain('scaled clock ×');
    for (const dir of [CHROME, FIREFOX]) expect(worker(dir), dir).not.toContain('scaled clock ×');
  });

  it('declares the Firefox add-on id and the data it transmits (docs/development.md "Store declarations"), for Firefox only', () => {
    expect(manifestOf(FIREFOX).browser_specific_settings).toEqual({
      gecko: {
        id: 'page-options@example.org',
        strict_min_version: '142.0',
        data_collection_permissions: { required: ['authenticationInfo', 'websiteContent'] },
      },
    });
    expect(manifestOf(CHROME)).not.toHaveProperty('browser_specific_settings');
  });

  for (const dir of [CHROME, FIREFOX]) {
    it(`${dir} has PNG icons at 16, 32, 48 and 128 px for the store and the toolbar`, () => {
      const manifest = manifestOf(dir);
      const icons = { 16: 'icon/16.png', 32: 'icon/32.png', 48: 'icon/48.png', 128: 'icon/128.png' };
      expect(manifest.icons).toEqual(icons);
      expect(manifest.action).toMatchObject({ default_icon: icons });
      for (const [size, file] of Object.entries(icons)) {
        const png = readFileSync(join(dir, file));
        // PNG signature, then the IHDR chunk's width and height (big-endian) at bytes 16 and 20.
        expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(size), Number(size)]);
      }
    });
  }

  for (const dir of [CHROME, FIREFOX]) {
    it(`${dir} ships the privacy policy as a script-free page`, () => {
      const page = readFileSync(join(dir, 'privacy.html'), 'utf8');
      expect(page).toContain('<h1>Privacy of Page Options</h1>');
      expect(page).toContain('It sends nothing to us');
      expect(page).not.toMatch(/<script|\bon[a-z]+=/i);
    });
  }
});

describe('bundles', () => {
  it('contain no eval, no Function constructor and no remote script', () => {
    for (const file of [...scriptsOf(CHROME), ...scriptsOf(FIREFOX)]) {
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toMatch(/\beval\(|new Function\(|importScripts\(/);
      expect(code, file).not.toMatch(/<script[^>]+src=["']?https?:/);
    }
  });

  it(`keep the popup within ${BUDGET_KB.popup} KB and the worker within ${BUDGET_KB.worker} KB gzip`, () => {
    const popup = gzipKb(initialScripts(CHROME, 'popup.html'));
    const worker = gzipKb([join(CHROME, 'background.js')]);
    console.log(`bundle gzip: popup ${popup.toFixed(1)} KB, worker ${worker.toFixed(1)} KB`);
    expect(popup).toBeGreaterThan(1);
    expect(popup).toBeLessThanOrEqual(BUDGET_KB.popup);
    expect(worker).toBeLessThanOrEqual(BUDGET_KB.worker);
  });

  it(`keep the side panel within ${BUDGET_KB.sidepanel} KB and the editor within ${BUDGET_KB.editor} KB, the records table a chunk of its own within ${BUDGET_KB.recordsTable} KB`, () => {
    const sidepanel = initialScripts(CHROME, 'sidepanel.html');
    const editor = initialScripts(CHROME, 'editor.html');
    // The table's chunk, found by a class only its grid renders (so the check cannot pass by missing it).
    const table = scriptsOf(CHROME).filter((file) => readFileSync(file, 'utf8').includes('records__grid'));
    console.log(
      `bundle gzip: side panel ${gzipKb(sidepanel).toFixed(1)} KB, editor ${gzipKb(editor).toFixed(1)} KB, records table ${gzipKb(table).toFixed(1)} KB`,
    );
    expect(table).toHaveLength(1);
    expect([...sidepanel, ...editor, join(CHROME, 'background.js')]).not.toContain(table[0]);
    expect(gzipKb(sidepanel)).toBeLessThanOrEqual(BUDGET_KB.sidepanel);
    expect(gzipKb(editor)).toBeLessThanOrEqual(BUDGET_KB.editor);
    expect(gzipKb(table)).toBeLessThanOrEqual(BUDGET_KB.recordsTable);
  });

  it('hold neither zod nor webextension-polyfill in the popup’s first scripts, and one stylesheet', () => {
    const first = initialScripts(CHROME, 'popup.html').map((file) => readFileSync(file, 'utf8'));
    const all = scriptsOf(CHROME).map((file) => readFileSync(file, 'utf8'));
    // Markers of each library, found in the build (so the check cannot pass by missing them).
    for (const marker of ['_zod', 'This script should only be loaded in a browser extension']) {
      expect(all.some((code) => code.includes(marker))).toBe(true);
      expect(first.filter((code) => code.includes(marker))).toEqual([]);
    }
    const html = readFileSync(join(CHROME, 'popup.html'), 'utf8');
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it('give the popup a stylesheet of its first view; the rest arrives with the chunks that show it', () => {
    const html = readFileSync(join(CHROME, 'popup.html'), 'utf8');
    const first = /<link rel="stylesheet"[^>]*href="\/?([^"]+\.css)"/.exec(html)?.[1] as string;
    const css = readFileSync(join(CHROME, first), 'utf8');
    for (const shown of ['.details__title', '.picker__choice', '.dashboard__header', '.tabs__tab', '.notice'])
      expect(css.includes(shown), shown).toBe(true);
    // The sections below the details (tables, the chart), the tabs' forms, the options page's rules.
    const later = ['.table--cards', '.chart__plot', '.pager', '.choices', '.confirm', '.options-page'];
    for (const rule of later) expect(css.includes(rule), rule).toBe(false);
    // ... are in one stylesheet of their own, linked by the chunk that loads the sections.
    const assets = readdirSync(join(CHROME, 'assets')).filter((file) => file.endsWith('.css'));
    const rest = assets.filter((file) => {
      const text = readFileSync(join(CHROME, 'assets', file), 'utf8');
      return later.every((rule) => text.includes(rule));
    });
    expect(rest).toHaveLength(1);
    const linking = scriptsOf(CHROME).filter((file) =>
      readFileSync(file, 'utf8').includes(rest[0] as string),
    );
    expect(linking).toHaveLength(1);
    expect(linking[0]).toContain(join(CHROME, 'chunks/mount-dashboard-'));
  });
});

describe('Firefox build', () => {
  it('passes web-ext lint with 0 errors', async () => {
    const { cmd } = await import('web-ext');
    const result = (await cmd.lint(
      { sourceDir: FIREFOX, output: 'json', selfHosted: false, pretty: false, boring: true },
      { shouldExitProgram: false },
    )) as { summary: { errors: number }; errors: { code: string; message: string }[] };
    expect(result.errors.map((e) => `${e.code}: ${e.message}`)).toEqual([]);
    expect(result.summary.errors).toBe(0);
  });
});
