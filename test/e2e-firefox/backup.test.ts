/**
 * "Back up everything" in real Firefox against the sandbox under a request limit (10 per second,
 * announced in headers): the options page backs up every building and factory of the premium
 * character; the file the page hands to the browser's download (its blob, caught where the page
 * makes its URL) parses with the import format and holds exactly the sandbox's slots.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseImportDocument } from '../../lib/import/import-parser';
import { msg } from '../e2e/messages';
import { demoCredentials } from '../sandbox/direct';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { type FirefoxSession, launchFirefox } from './firefox';
import { OptionsPage } from './pages/options-page';
import { role, text, waitFor } from './pages/query';

const sandbox = useSandbox({ rateLimit: { limit: 10, windowSeconds: 1 }, rateHeaders: true });
let session: FirefoxSession;
const TARGETS = [
  ...DEMO.buildings.juergen.map((id) => ({ kind: 'building' as const, id })),
  ...DEMO.factories.juergen.map((id) => ({ kind: 'factory' as const, id })),
];

beforeAll(async () => {
  session = await launchFirefox();
  await OptionsPage.configure(session, demoCredentials(sandbox));
});
afterAll(async () => {
  await session?.close();
});

/** A target's slots as the sandbox holds them (read in place: an HTTP read would spend the limit). */
function heldSlots(target: { kind: 'building' | 'factory'; id: string }) {
  return sandbox.changeData((data) => {
    const list = target.kind === 'building' ? data.buildings : data.factories;
    return structuredClone(list.find((t) => t.id === target.id)?.slots ?? []);
  });
}

describe('back up everything in Firefox', () => {
  it('backs up every slot of every building and factory into one file of the format', async () => {
    sandbox.clearLog();
    const options = await OptionsPage.open(session);
    const { page } = options;
    await page.locator(options.button(msg('backup_start'))).click();
    await waitFor(page, role('progressbar', msg('backup_progressLabel')));
    await waitFor(page, text(msg('backup_finished', '4', '80')), 40_000);
    const { name, text: json } = await options.downloadBackup();
    expect(name).toMatch(/^page-options-backup-Account-1-\d{4}-\d{2}-\d{2}\.json$/);
    const parsed = parseImportDocument({ value: JSON.parse(json) }, { premium: true });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.targets.map((t) => t.target)).toEqual(TARGETS);
    for (const entry of parsed.targets)
      expect(entry.slots.map(({ slot, title, data }) => ({ slot, title, data }))).toEqual(
        heldSlots(entry.target).map(({ title, data }, i) => ({ slot: i + 1, title, data })),
      );
    const reads = sandbox.log.filter((r) => r.method === 'GET' && r.path.includes('/options/'));
    expect(reads).toHaveLength(80);
    expect(sandbox.log.filter((r) => r.status === 429)).toEqual([]);
    await page.close();
  }, 60_000);
});
