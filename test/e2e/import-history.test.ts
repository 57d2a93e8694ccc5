/**
 * The import history end to end in Chromium against the sandbox: after a later one-slot import, the
 * first import's Undo is still offered (in Import & export and in Backup & restore), and it puts
 * that import's slots back; the undone import then says so instead of offering Undo again. The
 * section with its history has no serious axe finding, "label in name" included.
 */
import { describe, expect, it } from 'vitest';
import { readSlotDirect } from '../sandbox/direct';
import { DEMO } from '../sandbox/seed';
import { seriousViolations } from './axe';
import { useExtension } from './fixture';
import { ImportPanelPage } from './pages/import-panel';

const { sandbox, session } = useExtension({ as: 'premium' });
const target = { kind: 'building' as const, id: DEMO.buildings.juergen[0] as string };
const SLOW = { timeout: 30_000 };
const readSlot = (option: number) => readSlotDirect(sandbox, target, option);

async function importSlots(panel: ImportPanelPage, slots: number[], tag: string): Promise<void> {
  await panel.chooseFile(`${tag}.json`, {
    target,
    slots: slots.map((slot) => ({ slot, title: `${tag} ${slot}`, data: tag })),
  });
  await panel.confirm.click();
  await expect
    .poll(() => panel.summary.textContent(), SLOW)
    .toBe(`Finished: ${slots.length} written, 0 skipped, 0 failed.`);
}

describe('import history', () => {
  it('offers the Undo of an older import after a newer one, and it puts that import’s slots back', async () => {
    const before = await Promise.all([1, 2, 3].map(readSlot));
    const panel = await ImportPanelPage.open(session);
    await importSlots(panel, [1, 2, 3], 'First');
    await importSlots(panel, [5], 'Later');

    const history = panel.page.getByRole('region', { name: 'Import history' });
    await expect.poll(() => history.getByRole('listitem').count(), SLOW).toBe(2);
    const undos = history.getByRole('button', { name: /^Undo this import \(started / });
    await expect.poll(() => undos.count(), SLOW).toBe(2);
    // Each Undo is named by what it shows first ("Undo this import"), then when: label in name.
    expect(await seriousViolations(panel.page)).toEqual([]);
    // The same history in Backup & restore.
    await panel.showSection('Backup & restore');
    expect(await history.getByRole('button', { name: /^Undo this import \(started / }).count()).toBe(2);
    await panel.showSection('Import & export');

    // The older import (listed last): its three slots go back, the later one's slot stays.
    await undos.last().click();
    await expect
      .poll(async () => (await Promise.all([1, 2, 3].map(readSlot))).map((s) => s.title), SLOW)
      .toEqual(before.map((s) => s.title));
    expect((await readSlot(5)).title).toBe('Later 5');
    await expect.poll(() => history.getByText('Undone.').count(), SLOW).toBe(1);
    await panel.page.close();
  }, 120_000);
});
