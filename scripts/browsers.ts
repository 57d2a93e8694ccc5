/**
 * Finds the browsers `npm start` and `npm test` need and, when one is missing, installs it from
 * Debian's packages (as root or with password-less sudo) or stops with the one command to run.
 *
 *   node scripts/browsers.ts chromium   Chromium and its language packs (`npm start`, the Chromium E2E)
 *   node scripts/browsers.ts firefox    Firefox ESR (the Firefox E2E)
 *   node scripts/browsers.ts all        both (`npm test`)
 *
 * NO_INSTALL=1 only names what is missing. Everything present: one look at a few paths, no output.
 * Node runs this file as it is (type stripping), so it imports nothing of ours and nothing from npm.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export type Env = Record<string, string | undefined>;
type Exists = (path: string) => boolean;
export type Need = 'chromium' | 'firefox' | 'all';

interface Package {
  name: string;
  why: string;
}

const CHROMIUM: Package = { name: 'chromium', why: 'the browser `npm start` opens and the E2E tests drive' };
const CHROMIUM_L10N: Package = {
  name: 'chromium-l10n',
  why: "Chromium's language packs: the E2E tests check the German interface",
};
const FIREFOX: Package = { name: 'firefox-esr', why: 'the browser of the Firefox E2E tests' };

/** Debian's paths after the variables; the first that exists wins. */
export function findChromium(env: Env = process.env, exists: Exists = existsSync): string | null {
  return (
    [env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => !!p && exists(p)) ??
    null
  );
}

export function findFirefox(env: Env = process.env, exists: Exists = existsSync): string | null {
  return [env.FIREFOX_PATH, '/usr/bin/firefox-esr', '/usr/bin/firefox'].find((p) => !!p && exists(p)) ?? null;
}

/** Debian's German pack for its own Chromium; a Chromium named by CHROMIUM_PATH brings its own locales. */
const GERMAN_PACK = '/usr/lib/chromium/locales/de.pak';

export function missingPackages(need: Need, env: Env = process.env, exists: Exists = existsSync): Package[] {
  const missing: Package[] = [];
  if (need !== 'firefox') {
    if (!findChromium(env, exists)) missing.push(CHROMIUM);
    if (!env.CHROMIUM_PATH && !exists(GERMAN_PACK)) missing.push(CHROMIUM_L10N);
  }
  if (need !== 'chromium' && !findFirefox(env, exists)) missing.push(FIREFOX);
  return missing;
}

export interface Machine {
  env: Env;
  /** 0 for root. */
  uid: number;
  /** apt-get and /etc/debian_version are there. */
  debian: boolean;
  /** `sudo -n true` succeeds. */
  sudoWithoutPassword: () => boolean;
}

export type Plan =
  | { kind: 'ready' }
  | { kind: 'install'; packages: Package[]; sudo: boolean }
  | { kind: 'stop'; packages: Package[]; message: string };

export function planBrowsers(missing: Package[], machine: Machine): Plan {
  if (missing.length === 0) return { kind: 'ready' };
  const names = missing.map((p) => p.name).join(' ');
  const sudo = machine.uid === 0 ? '' : 'sudo ';
  const aptLine = `${sudo}apt-get update && ${sudo}apt-get install -y ${names}`;
  const list = missing.map((p) => `  - ${p.name}: ${p.why}`).join('\n');
  const stop = (why: string, run: string): Plan => ({
    kind: 'stop',
    packages: missing,
    message: `Missing:\n${list}\n${why}\nRun:\n  ${run}\nthen run the npm command again.`,
  });
  if (!machine.debian) {
    return stop(
      'This is not a Debian-like system, so nothing was installed.',
      "your distribution's Chromium and Firefox packages, or set CHROMIUM_PATH and FIREFOX_PATH to their binaries",
    );
  }
  if (machine.env.NO_INSTALL && machine.env.NO_INSTALL !== '0') {
    return stop('NO_INSTALL is set, so nothing was installed.', aptLine);
  }
  if (machine.uid === 0) return { kind: 'install', packages: missing, sudo: false };
  if (machine.sudoWithoutPassword()) return { kind: 'install', packages: missing, sudo: true };
  return stop('Installing them needs root (or sudo without a password).', aptLine);
}

function thisMachine(): Machine {
  return {
    env: process.env,
    uid: process.getuid?.() ?? -1,
    debian: existsSync('/usr/bin/apt-get') && existsSync('/etc/debian_version'),
    sudoWithoutPassword: () => spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0,
  };
}

function install(packages: Package[], sudo: boolean): boolean {
  console.log(`Installing Debian's ${packages.map((p) => p.name).join(', ')}:`);
  for (const p of packages) console.log(`  - ${p.name}: ${p.why}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args: string[]) =>
    spawnSync(sudo ? 'sudo' : 'apt-get', sudo ? ['apt-get', ...args] : args, { stdio: 'inherit', env })
      .status === 0;
  return apt(['update']) && apt(['install', '-y', ...packages.map((p) => p.name)]);
}

function main(): number {
  const arg = process.argv[2] ?? 'all';
  if (arg !== 'chromium' && arg !== 'firefox' && arg !== 'all') {
    console.error(`Usage: node scripts/browsers.ts [chromium|firefox|all] (got "${arg}")`);
    return 2;
  }
  const need: Need = arg;
  const plan = planBrowsers(missingPackages(need), thisMachine());
  if (plan.kind === 'ready') return 0;
  if (plan.kind === 'stop') {
    console.error(plan.message);
    return 1;
  }
  if (!install(plan.packages, plan.sudo)) {
    console.error('apt-get failed (its output is above); nothing else was changed.');
    return 1;
  }
  const still = missingPackages(need);
  if (still.length > 0) {
    console.error(`Installed, but still missing: ${still.map((p) => p.name).join(', ')}.`);
    return 1;
  }
  const version = readFileSync('/etc/debian_version', 'utf8').trim();
  console.log(`Browsers ready (Debian ${version}).`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.exitCode = main();
