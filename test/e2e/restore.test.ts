/**
 * Writes across targets end to end: the built extension in Chromium against the sandbox under a
 * request limit. A document with several targets restored into a changed account (a preview per
 * target, one Confirm, one job), with the worker stopped mid-restore and nothing written twice;
 * one slot copied into three buildings and undone, with one of them changed in between.
 */
import { describe, expect, it } from 'vitest';
import { readSlotDirect } from '../sandbox/direct';
import { DEMO } from '../sandbox/seed';
import { seriousViolations } from './axe';
import { useExtension } from './fixture';
import { ImportPanelPage } from './pages/import-panel';
import { sandboxAnswered } from './waits';

const { sandbox, session } = useExtension({ as: 'premium' });
type Target = { kind: 'building' | 'factory'; id: string };
const [, b2, b3] = DEMO.buildings.juergen.map((id): Target => ({ kind: 'building', id }));
const factory: Target = { kind: 'factory', id: DEMO.factories.juergen[0] as string };
const notOurs: Target = { kind: 'building', id: DEMO.rentedByJuergen };
const TARGETS = [b2!, b3!, factory];
const SLOTS = [1, 2, 3, 4, 5, 6];
const CHANGED = [2, 5];

const backupValue = (target: Target, slot: number) => ({
  title: `Backup ${slot}`,
  data: `${target.id} slot ${slot}`,
});
const posts = () =>
  sandbox.log
    .filter((r) => r.method === 'POST' && r.status === 200)
    .map((r) => {
      const body = JSON.parse(r.body) as { buildingId?: string; factoryId?: string; option: number };
      return `${body.buildingId ?? body.factoryId}/${body.option}`;
    });

async function editorReady(): Promise<ImportPanelPage> {
  const panel = await ImportPanelPage.open(session);
  await expect.poll(() => panel.page.getByText('Loading slot…').count(), { timeout: 30_000 }).toBe(0);
  return panel;
}

describe('restore across targets', () => {
  it('restores into a changed account: preview per target, one job, the worker stopped midway writes nothing twice', async () => {
    // The account holds the backup, except slots 2 and 5 of every target, changed since.
    for (const target of TARGETS)
      for (const option of SLOTS) {
        const value = CHANGED.includes(option)
          ? { title: 'Changed', data: 'since the backup' }
          : backupValue(target, option);
        sandbox.changeSlot({ target, option, ...value });
      }
    const document = {
      format: 'page-options/v1',
      targets: [
        ...TARGETS.map((target) => ({
          target,
          slots: SLOTS.map((slot) => ({ slot, ...backupValue(target, slot), lastUpdated: null })),
        })),
        { target: notOurs, slots: [{ slot: 1, title: 'x', data: 'y' }] },
      ],
    };
    const panel = await editorReady();
    sandbox.setRateLimit({ limit: 10, windowSeconds: 20 });
    sandbox.setLatency(200);
    await panel.chooseFile('backup.json', document);
    const preview = panel.preview;
    await preview.getByRole('group', { name: 'Building b-2001' }).waitFor();
    expect(await preview.getByRole('group', { name: 'Building b-2001' }).textContent()).toContain(
      'Not yours: none of its 1 slots is written',
    );
    expect(await preview.getByText(/^Reads 18 slots, writes at most 18 \(those that differ\)/).count()).toBe(
      1,
    );
    expect(await seriousViolations(panel.page)).toEqual([]);
    sandbox.clearLog();
    await preview.getByRole('button', { name: 'Confirm: write up to 18 slots in 3 targets' }).click();
    await panel.progress.waitFor();
    await expect.poll(() => posts().length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);

    // The page goes first (it would wake the worker at once), then the worker is stopped.
    const cdp = await session.context.newCDPSession(await session.context.newPage());
    await panel.page.close();
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await sandboxAnswered(sandbox);
    const whenStopped = posts().length;
    expect(whenStopped).toBeLessThan(6);

    const woken = await ImportPanelPage.open(session);
    await expect
      .poll(() => woken.summary.textContent(), { timeout: 30_000 })
      .toBe('Finished: 6 written, 12 skipped, 0 failed.');
    sandbox.setRateLimit(null);
    // Each changed slot written exactly once, across the stop; no other slot written.
    expect(posts().toSorted()).toEqual(
      TARGETS.flatMap((t) => CHANGED.map((slot) => `${t.id}/${slot}`)).toSorted(),
    );
    for (const target of TARGETS)
      for (const option of CHANGED)
        expect(await readSlotDirect(sandbox, target, option)).toMatchObject(backupValue(target, option));
    expect(await woken.results.first().textContent()).toBe('Königshof, slot 1 skipped (unchanged)');
    await woken.page.close();
  });
});

describe('copy one slot into many', () => {
  it('copies slot 1 into three buildings, undoes it, and keeps a value changed in between', async () => {
    const panel = await editorReady();
    await panel.showSection('Slots');
    const page = panel.page;
    const before = await Promise.all(
      DEMO.buildings.juergen.map((id) => readSlotDirect(sandbox, { kind: 'building', id }, 7)),
    );
    sandbox.setRateLimit({ limit: 10, windowSeconds: 20 });
    const slot1 = page.getByRole('group', { name: 'Slot 1', exact: true });
    await slot1.getByRole('button', { name: 'Copy this slot to…' }).click();
    const copy = slot1.getByRole('region', { name: 'Copy slot 1 to buildings and factories' });
    await copy.getByLabel('Filter buildings and factories').fill('b-100');
    await copy.getByLabel('Select all shown').check();
    await copy.getByLabel('Into slot').selectOption('7');
    await copy.getByRole('button', { name: 'Preview the copy' }).click();
    const confirm = copy.getByRole('button', { name: 'Confirm: write up to 3 slots in 3 targets' });
    await confirm.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.click();
    const job = copy.getByRole('region', { name: 'Import progress' });
    await expect
      .poll(() => job.getByRole('status').textContent(), { timeout: 20_000 })
      .toBe('Finished: 3 written, 0 skipped, 0 failed.');
    sandbox.setRateLimit(null);
    const copied = await readSlotDirect(sandbox, b2!, 7);
    expect(copied.title).toBe(
      (await readSlotDirect(sandbox, { kind: 'building', id: DEMO.buildings.juergen[0] }, 1)).title,
    );
    // Someone changes the copy in b-1002 before the undo.
    sandbox.changeSlot({ target: b2!, option: 7, title: 'Später', data: 'nach der Kopie' });
    await copy.getByRole('button', { name: 'Undo this import', exact: true }).click();
    const undo = copy.getByRole('region', { name: 'Undo progress' });
    const conflict = copy.getByRole('alertdialog', { name: 'Königshof, slot 7 was changed elsewhere' });
    await conflict.waitFor({ timeout: 20_000 });
    expect(await conflict.textContent()).toContain('nach der Kopie');
    // Both values: the one the undo would write back (what the slot held before the copy), and the later one.
    expect(await conflict.textContent()).toContain(before[1]?.title || '(empty)');
    await conflict.getByRole('button', { name: "Take the server's" }).click();
    // Settled as part of the undo: the later value kept is counted as skipped.
    await expect
      .poll(() => undo.getByRole('status').textContent(), { timeout: 20_000 })
      .toBe('Finished: 2 written, 1 skipped, 0 failed.');
    sandbox.setRateLimit(null);
    expect(await readSlotDirect(sandbox, b2!, 7)).toMatchObject({ title: 'Später', data: 'nach der Kopie' });
    for (const [index, id] of DEMO.buildings.juergen.entries()) {
      if (id === b2!.id) continue;
      expect(await readSlotDirect(sandbox, { kind: 'building', id }, 7)).toMatchObject({
        title: before[index]?.title,
        data: before[index]?.data,
      });
    }
    await page.close();
  });
});
