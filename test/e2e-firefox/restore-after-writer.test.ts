/**
 * A restore sees what another writer changed, in real Firefox against the sandbox (issue 33
 * finding 4): "Back up everything" reads every slot (its answers fresh in the cache); another writer
 * then changes 6 slots in 4 targets through the API; the backup file restored through Backup &
 * restore → Restore puts those 6 back. The preview says it judged from the backup's answers, not
 * now, never "Nothing to change"; the job reads each slot at write time and writes only the 6.
 * On main's code it failed: every target "20 already hold this value", then "Nothing to change".
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../e2e/messages';
import { demoCredentials, readSlotDirect, writeSlotDirect } from '../sandbox/direct';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { type FirefoxSession, launchFirefox } from './firefox';
import { ImportPanelPage } from './pages/import-panel';
import { OptionsPage } from './pages/options-page';
import { countOf, role, text, waitFor, within } from './pages/query';

const sandbox = useSandbox();
let session: FirefoxSession;
type Target = { kind: 'building' | 'factory'; id: string };
const [b1, b2, b3] = DEMO.buildings.juergen.map((id): Target => ({ kind: 'building', id }));
const factory: Target = { kind: 'factory', id: DEMO.factories.juergen[0] as string };
/** Another writer's changes: 6 slots in 4 targets. */
const CHANGES = [
  { target: b1!, option: 1 },
  { target: b1!, option: 4 },
  { target: b2!, option: 2 },
  { target: b3!, option: 3 },
  { target: b3!, option: 9 },
  { target: factory, option: 5 },
];
const SLOW = { timeout: 60_000, interval: 200 };
const valueOf = ({ title, data }: { title: string; data: string }) => ({ title, data });

beforeAll(async () => {
  session = await launchFirefox();
  await OptionsPage.configure(session, demoCredentials(sandbox));
});
afterAll(async () => {
  await session?.close();
});

/** "Back up everything" on the options page; the downloaded file's text. */
async function backUp(): Promise<string> {
  const options = await OptionsPage.open(session);
  await options.page.locator(options.button(msg('backup_start'))).click();
  await waitFor(options.page, text(msg('backup_finished', '4', '80')), 60_000);
  const { text: file } = await options.downloadBackup();
  await options.page.close();
  return file;
}

describe('a restore after another writer in Firefox', () => {
  it('restores the 6 slots another writer changed since the backup, though its answers are still fresh', async () => {
    const file = await backUp();
    const before = await Promise.all(CHANGES.map((c) => readSlotDirect(sandbox, c.target, c.option)));
    for (const { target, option } of CHANGES)
      expect(await writeSlotDirect(sandbox, target, option, { title: 'Other writer', data: 'damage' })).toBe(
        200,
      );

    const panel = await ImportPanelPage.open(session);
    const { page } = panel;
    await panel.restoreFile('backup.json', JSON.parse(file));
    await waitFor(page, within(ImportPanelPage.preview, text(msg('targets_heading', '4'))), 30_000);
    const preview = (await panel.previewText()) ?? '';
    // Judged from the backup's answers, and said so; never "Nothing to change".
    expect(preview).toMatch(/slots are judged from answers read .*, not now/);
    expect(preview).not.toContain(msg('import_nothing'));
    expect(preview).not.toContain('already hold this value (skipped, no request)');
    expect(
      await countOf(page, within(ImportPanelPage.preview, role('button', msg('targets_confirm', '80', '4')))),
    ).toBe(1);
    sandbox.clearLog();
    await page
      .locator(within(ImportPanelPage.preview, role('button', msg('targets_confirm', '80', '4'))))
      .click();
    // Most of the job waited out on the sandbox's log: a role query polled in Firefox while the job
    // runs holds the extension back (1.5–2 s each).
    const posts = () => sandbox.log.filter((r) => r.method === 'POST' && r.status === 200);
    await expect.poll(() => posts().length, SLOW).toBe(6);
    await expect.poll(() => panel.summary(), SLOW).toMatch(/^Finished: 6 written, \d+ skipped, 0 failed\.$/);
    expect(posts()).toHaveLength(6);
    const after = await Promise.all(CHANGES.map((c) => readSlotDirect(sandbox, c.target, c.option)));
    expect(after.map(valueOf)).toEqual(before.map(valueOf));
    await page.close();
  }, 180_000);
});
