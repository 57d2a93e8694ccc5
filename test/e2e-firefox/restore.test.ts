/**
 * Writes across targets in real Firefox against the sandbox under a request limit: a document with
 * several targets restored into a changed account (a preview per target, one Confirm, one job);
 * one slot copied into three buildings and undone, with one of them changed in between.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../e2e/messages';
import { demoCredentials, readSlotDirect } from '../sandbox/direct';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { type FirefoxSession, launchFirefox } from './firefox';
import { ImportPanelPage } from './pages/import-panel';
import { OptionsPage } from './pages/options-page';
import { field, role, textOf, waitFor, within } from './pages/query';

const sandbox = useSandbox();
let session: FirefoxSession;
type Target = { kind: 'building' | 'factory'; id: string };
const buildings = DEMO.buildings.juergen.map((id): Target => ({ kind: 'building', id }));
const TARGETS: Target[] = [
  buildings[1]!,
  buildings[2]!,
  { kind: 'factory', id: DEMO.factories.juergen[0] as string },
];
const backupValue = (target: Target, slot: number) => ({
  title: `Backup ${slot}`,
  data: `${target.id} slot ${slot}`,
});
const posts = () => sandbox.log.filter((r) => r.method === 'POST' && r.status === 200);

/** The editor on its Slots section until every slot is read, then on Import & export. */
function editorReady(): Promise<ImportPanelPage> {
  return ImportPanelPage.openAfterSlots(session, async (page) => {
    await waitFor(page, role('group', 'Slot 1'));
    await expect.poll(() => textOf(page, '::-p-text(Loading slot…)'), { timeout: 15_000 }).toBeNull();
  });
}

beforeAll(async () => {
  session = await launchFirefox();
  await OptionsPage.configure(session, demoCredentials(sandbox));
});
afterAll(async () => {
  await session?.close();
});

describe('writes across targets in Firefox', () => {
  it('restores a document with three targets into a changed account: one preview, one job', async () => {
    for (const target of TARGETS)
      for (const option of [1, 2, 3])
        sandbox.changeSlot({
          target,
          option,
          ...(option === 2 ? { title: 'Changed', data: 'since the backup' } : backupValue(target, option)),
        });
    const panel = await editorReady();
    sandbox.setRateLimit({ limit: 10, windowSeconds: 2 });
    await panel.chooseFile('backup.json', {
      targets: TARGETS.map((target) => ({
        target,
        slots: [1, 2, 3].map((slot) => ({ slot, ...backupValue(target, slot) })),
      })),
    });
    await waitFor(panel.page, ImportPanelPage.preview);
    expect(await textOf(panel.page, ImportPanelPage.preview)).toContain(msg('targets_heading', '3'));
    sandbox.clearLog();
    await panel.page.locator(role('button', msg('targets_confirm', '9', '3'))).click();
    // The writes waited for on the sandbox's log: a role query polled in Firefox while the job runs
    // holds the extension back (1.5–2 s each), so the summary is read once they are done.
    await expect.poll(() => posts().length, { timeout: 30_000 }).toBe(3);
    await expect.poll(() => panel.summary(), { timeout: 30_000 }).toBe(msg('import_finished', '3', '6', '0'));
    sandbox.setRateLimit(null);
    expect(posts()).toHaveLength(3);
    for (const target of TARGETS)
      expect(await readSlotDirect(sandbox, target, 2)).toMatchObject(backupValue(target, 2));
    await panel.page.close();
  }, 120_000);

  it('copies slot 1 into three buildings and undoes it, keeping a value changed in between', async () => {
    const panel = await editorReady();
    const page = panel.page;
    await page.locator(role('tab', 'Slots')).click();
    const before = await Promise.all(buildings.map((target) => readSlotDirect(sandbox, target, 8)));
    sandbox.setRateLimit({ limit: 10, windowSeconds: 2 });
    const slot1 = role('group', 'Slot 1');
    await page.locator(within(slot1, role('button', msg('copy_open')))).click();
    const copy = within(slot1, role('region', msg('copy_heading', '1')));
    await waitFor(page, copy);
    await page.locator(within(copy, field(msg('copy_filter')))).fill('b-100');
    await page.locator(within(copy, field(msg('copy_selectAll')))).click();
    await page.select(within(copy, field(msg('copy_slot'), 'select')), '8');
    await page.locator(within(copy, role('button', msg('copy_preview')))).click();
    sandbox.clearLog();
    await page.locator(within(copy, role('button', msg('targets_confirm', '3', '3')))).click();
    await expect.poll(() => posts().length, { timeout: 20_000 }).toBe(3);
    const job = within(copy, role('region', msg('import_progress')));
    await expect
      .poll(() => textOf(page, within(job, role('status'))), { timeout: 20_000 })
      .toBe(msg('import_finished', '3', '0', '0'));
    sandbox.changeSlot({ target: buildings[1]!, option: 8, title: 'Später', data: 'nach der Kopie' });
    await page.locator(within(copy, role('button', msg('import_undo')))).click();
    const conflict = within(copy, role('alertdialog', msg('conflict_titleIn', 'Königshof', '8')));
    await waitFor(page, conflict);
    expect(await textOf(page, conflict)).toContain('nach der Kopie');
    await page.locator(within(conflict, role('button', msg('conflict_takeServer')))).click();
    await expect.poll(() => posts().length, { timeout: 20_000 }).toBe(5);
    const undo = within(copy, role('region', msg('import_undoProgress')));
    await expect
      .poll(() => textOf(page, within(undo, role('status'))), { timeout: 20_000 })
      // Settled as part of the undo: the later value kept is counted as skipped.
      .toBe(msg('import_finished', '2', '1', '0'));
    sandbox.setRateLimit(null);
    expect(await readSlotDirect(sandbox, buildings[1]!, 8)).toMatchObject({
      title: 'Später',
      data: 'nach der Kopie',
    });
    for (const index of [0, 2])
      expect(await readSlotDirect(sandbox, buildings[index]!, 8)).toMatchObject({
        title: before[index]?.title,
        data: before[index]?.data,
      });
    await page.close();
  }, 120_000);
});
