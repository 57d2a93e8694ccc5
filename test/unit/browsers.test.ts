import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { type Machine, type Need, findChromium, missingPackages, planBrowsers } from '../../scripts/browsers';

const DEBIAN_PATHS = ['/usr/bin/chromium', '/usr/lib/chromium/locales/de.pak', '/usr/bin/firefox-esr'];
const having =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

function machine(overrides: Partial<Machine> = {}): Machine {
  return { env: {}, uid: 1000, debian: true, sudoWithoutPassword: () => false, ...overrides };
}

describe('missingPackages', () => {
  it('finds nothing missing when Debian has all three', () => {
    expect(missingPackages('all', {}, having(...DEBIAN_PATHS))).toEqual([]);
  });

  it('names each missing package: npm test needs Firefox, npm start does not', () => {
    const names = (need: Need) => missingPackages(need, {}, having()).map((p) => p.name);
    expect(names('all')).toEqual(['chromium', 'chromium-l10n', 'firefox-esr']);
    expect(names('chromium')).toEqual(['chromium', 'chromium-l10n']);
    expect(names('firefox')).toEqual(['firefox-esr']);
  });

  it('asks for the German pack alone when only it is missing', () => {
    const missing = missingPackages('all', {}, having('/usr/bin/chromium', '/usr/bin/firefox-esr'));
    expect(missing.map((p) => p.name)).toEqual(['chromium-l10n']);
  });

  it('takes CHROMIUM_PATH and FIREFOX_PATH first, with no Debian pack needed', () => {
    const env = { CHROMIUM_PATH: '/opt/chrome/chrome', FIREFOX_PATH: '/opt/firefox/firefox' };
    const exists = having('/opt/chrome/chrome', '/opt/firefox/firefox', '/usr/bin/chromium');
    expect(missingPackages('all', env, exists)).toEqual([]);
    expect(findChromium(env, exists)).toBe('/opt/chrome/chrome');
  });

  it('falls back to Debian when a variable names a path that does not exist', () => {
    expect(findChromium({ CHROMIUM_PATH: '/nowhere' }, having('/usr/bin/chromium'))).toBe(
      '/usr/bin/chromium',
    );
  });
});

describe('planBrowsers', () => {
  const missing = missingPackages('all', {}, having());

  it('does nothing when everything is present', () => {
    expect(planBrowsers([], machine())).toEqual({ kind: 'ready' });
  });

  it('installs as root without sudo', () => {
    expect(planBrowsers(missing, machine({ uid: 0 }))).toMatchObject({ kind: 'install', sudo: false });
  });

  it('installs through sudo when it needs no password', () => {
    expect(planBrowsers(missing, machine({ sudoWithoutPassword: () => true }))).toMatchObject({
      kind: 'install',
      sudo: true,
    });
  });

  it('stops without root, naming each package and the one command to run', () => {
    const plan = planBrowsers(missing, machine());
    expect(plan.kind).toBe('stop');
    const message = plan.kind === 'stop' ? plan.message : '';
    expect(message).toContain('needs root');
    expect(message).toContain(
      'sudo apt-get update && sudo apt-get install -y chromium chromium-l10n firefox-esr',
    );
    for (const name of ['chromium:', 'chromium-l10n:', 'firefox-esr:']) expect(message).toContain(name);
  });

  it('installs nothing with NO_INSTALL, even as root', () => {
    const plan = planBrowsers(missing, machine({ uid: 0, env: { NO_INSTALL: '1' } }));
    expect(plan).toMatchObject({ kind: 'stop' });
    expect(plan.kind === 'stop' && plan.message).toContain('NO_INSTALL is set');
    expect(plan.kind === 'stop' && plan.message).toContain(
      '\n  apt-get update && apt-get install -y chromium',
    );
  });

  it('installs nothing outside Debian and says how to point at other binaries', () => {
    const plan = planBrowsers(missing, machine({ uid: 0, debian: false }));
    expect(plan.kind === 'stop' && plan.message).toContain('CHROMIUM_PATH and FIREFOX_PATH');
  });
});

describe('the script', () => {
  it('refuses an unknown argument', () => {
    const run = spawnSync(process.execPath, ['scripts/browsers.ts', 'chrome'], { encoding: 'utf8' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('Usage: node scripts/browsers.ts [chromium|firefox|all]');
  });

  it('exits 0 and prints nothing when both browsers are found', () => {
    const env = { ...process.env, CHROMIUM_PATH: process.execPath, FIREFOX_PATH: process.execPath };
    const run = spawnSync(process.execPath, ['scripts/browsers.ts', 'all'], { env, encoding: 'utf8' });
    expect({ status: run.status, stdout: run.stdout, stderr: run.stderr }).toEqual({
      status: 0,
      stdout: '',
      stderr: '',
    });
  });
});
