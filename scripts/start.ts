/**
 * `npm start`: builds the extension, starts the sandbox API and opens Chromium with the extension
 * loaded and configured against the sandbox (through its options page, as a user would). Without
 * a display it says so and prints how to load the build by hand; the sandbox keeps running.
 * Ctrl+C (SIGINT), SIGTERM and SIGHUP close the browser it opened and the sandbox, then exit.
 *
 * `--headless` opens the browser without a window (for a server, and to check the shutdown);
 * `--no-build` reuses the existing e2e build.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { EXTENSION_DIR, type ExtensionSession, findChromium, launchExtension } from '../test/e2e/browser';
import { OptionsPage } from '../test/e2e/pages/options-page';
import { PopupPage } from '../test/e2e/pages/popup-page';
import { describeSandbox } from '../test/sandbox/banner';
import { DEMO } from '../test/sandbox/seed';
import { startSandbox } from '../test/sandbox/server';

const port = Number(process.env.SANDBOX_PORT ?? 8787);
const headless = process.argv.includes('--headless');

if (!process.argv.includes('--no-build')) {
  const build = spawnSync(resolve('node_modules/.bin/wxt'), ['build', '--mode', 'e2e'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const sandboxOptions = { port, profile: 'live', rateLimit: { limit: 10, windowSeconds: 60 } } as const;
const sandbox = await startSandbox(sandboxOptions);
console.log(describeSandbox(sandbox.url, sandboxOptions));

let session: ExtensionSession | null = null;
let stopping = false;
/** Closes the browser (its whole process tree, through Playwright) and the sandbox, once. */
async function stop(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${reason}: closing the browser and the sandbox.`);
  await session?.close().catch(() => undefined);
  await sandbox.close().catch(() => undefined);
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
// npm forwards signals (package.json runs this with `exec`); if the parent dies without one, stop too.
const parent = process.ppid;
setInterval(() => process.ppid !== parent && void stop('Parent process ended'), 1000).unref();

const hasDisplay = headless || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
const chromium = findChromium();
if (!hasDisplay || !chromium) {
  console.log(
    [
      '',
      hasDisplay
        ? 'No Chromium found (install it, or set CHROMIUM_PATH).'
        : 'No display found, so no browser window was opened.',
      `The extension is built in ${EXTENSION_DIR} (this build may already reach the sandbox on 127.0.0.1).`,
      'To try it by hand: open chrome://extensions, turn on Developer mode, "Load unpacked" and pick that folder;',
      `then open the extension's settings and enter the base URL ${sandbox.url}, the token ${DEMO.premium.token}`,
      `and the secret ${DEMO.premium.secret}. The sandbox keeps running until you press Ctrl+C.`,
    ].join('\n'),
  );
} else {
  session = await launchExtension({ headless });
  // The user closing the browser ends the run too.
  session.context.on('close', () => void stop('Browser closed'));
  const options = await OptionsPage.open(session);
  await options.save({ baseUrl: sandbox.url, token: DEMO.premium.token, secret: DEMO.premium.secret });
  await PopupPage.open(session);
  console.log(
    `\nChromium is open with the extension configured against the sandbox (pid ${process.pid}). Ctrl+C stops both.`,
  );
}
