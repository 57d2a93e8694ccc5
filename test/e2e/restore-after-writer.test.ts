/**
 * A restore shows what another writer changed, end to end in Chromium against the sandbox: a backup
 * is made (every slot read, its answers fresh in the cache); another writer then changes 6 slots in
 * 4 targets through the API; the backup file restored minutes later would put those 6 back. The
 * preview says it judged from the backup's answers, not now, and what the job reads and may write
 * apart; the job reads every slot once at write time (that read is the conflict check) and writes
 * none of the 6: each is shown with both values, the backup's and the current one. The user keeps
 * one current value and restores the other 5 with one click: only those 5 are written, each after
 * its own check, and the job's Undo puts the other writer's values back.
 */
import { describe, expect, it } from 'vitest';
import { readSlotDirect, writeSlotDirect } from '../sandbox/direct';
import { DEMO } from '../sandbox/seed';
import { seriousViolations } from './axe';
import { backUpEverything } from './backup-helpers';
import { useExtension } from './fixture';
import { ImportPanelPage } from './pages/import-panel';
import { OptionsPage } from './pages/options-page';

const { sandbox, session } = useExtension({ as: 'premium' });
const SLOW = { timeout: 60_000, interval: 100 };
type Target = { kind: 'building' | 'factory'; id: string };
const [b1, b2, b3] = DEMO.buildings.juergen.map((id): Target => ({ kind: 'building', id }));
const factory: Target = { kind: 'factory', id: DEMO.factories.juergen[0] as string };
/** Another writer's changes: 6 slots in 4 targets (each slot number once, to name its dialog). */
const CHANGES = [
  { target: b1!, option: 1 },
  { target: b1!, option: 4 },
  { target: b2!, option: 2 },
  { target: b3!, option: 3 },
  { target: b3!, option: 9 },
  { target: factory, option: 5 },
].map((change) => ({ ...change, value: { title: 'Other writer', data: `their change ${change.option}` } }));
/** The one the user keeps as the other writer left it. */
const KEPT = CHANGES[5]!;
/** 4 targets of 20 slots each. */
const SLOTS = 80;

const slotPath = ({ target, option }: { target: Target; option: number }) =>
  `/${target.kind}/options/${target.id}/${option}`;
const slotReads = () =>
  sandbox.log.filter((r) => r.method === 'GET' && /\/options\/[^/]+\/\d+$/.test(r.path));
const writes = () =>
  sandbox.log
    .filter((r) => r.method === 'POST' && r.status === 200)
    .map((r) => {
      const body = JSON.parse(r.body) as { buildingId?: string; factoryId?: string; option: number };
      return `${body.buildingId ?? body.factoryId}/${body.option}`;
    });
const keyOf = ({ target, option }: { target: Target; option: number }) => `${target.id}/${option}`;

async function backUp(): Promise<string> {
  const options = await OptionsPage.open(session);
  const text = await backUpEverything(options, SLOW);
  await options.page.close();
  return text;
}

describe('a restore after another writer', () => {
  it('shows the 6 slots another writer changed since the backup with both values, and writes only what the user chose', async () => {
    const text = await backUp();
    const before = await Promise.all(CHANGES.map((c) => readSlotDirect(sandbox, c.target, c.option)));
    for (const { target, option, value } of CHANGES)
      expect(await writeSlotDirect(sandbox, target, option, value)).toBe(200);

    const panel = await ImportPanelPage.open(session);
    await panel.restoreFile('backup.json', JSON.parse(text));
    await panel.preview.getByText('Restore into 4 targets').waitFor({ timeout: 30_000 });
    // Judged from the backup's answers, and said so; never "Nothing to change".
    await panel.preview.getByText(/slots are judged from answers read .*, not now/).waitFor();
    expect(await panel.preview.getByText('Nothing to change', { exact: false }).count()).toBe(0);
    // Reads and writes apart: every slot is read at write time, none is written unasked.
    expect(
      await panel.preview
        .getByText(/^Reads 80 slots and writes none \(each held this value when last read\): about \d+ min/)
        .count(),
    ).toBe(1);
    expect(await seriousViolations(panel.page)).toEqual([]);
    sandbox.clearLog();
    await panel.preview.getByRole('button', { name: 'Confirm: check 80 slots in 4 targets' }).click();
    await expect
      .poll(() => panel.summary.textContent(), SLOW)
      .toBe(`Finished: 0 written, ${SLOTS - CHANGES.length} skipped, 0 failed.`);
    // Each slot read once (the read is the conflict check), nothing written.
    expect(slotReads()).toHaveLength(SLOTS);
    expect(new Set(slotReads().map((r) => r.path)).size).toBe(SLOTS);
    expect(writes()).toEqual([]);

    // The 6 current values, each with the backup's beside it.
    const conflicts = panel.page.getByRole('region', { name: /^\d slots were changed elsewhere$/ });
    await panel.page.getByRole('region', { name: '6 slots were changed elsewhere' }).waitFor();
    expect(await conflicts.getByRole('alertdialog').count()).toBe(6);
    const dialogOf = (option: number) =>
      conflicts.getByRole('alertdialog', { name: new RegExp(`, slot ${option} was changed elsewhere$`) });
    for (const [at, change] of CHANGES.entries()) {
      const dialog = dialogOf(change.option);
      const shown = await dialog.textContent();
      expect(shown).toContain('In the backup');
      expect(shown).toContain(before[at]!.data);
      expect(shown).toContain('Now on the server');
      expect(shown).toContain(change.value.data);
    }
    expect(await seriousViolations(panel.page)).toEqual([]);

    // One kept as the other writer left it, then one click for the other 5.
    sandbox.clearLog();
    await dialogOf(KEPT.option).getByRole('button', { name: 'Keep the current value' }).click();
    await expect.poll(() => conflicts.getByRole('alertdialog').count(), SLOW).toBe(5);
    // Keeping the current value sends nothing.
    expect([slotReads(), writes()]).toEqual([[], []]);
    await conflicts.getByRole('button', { name: 'Restore the backup’s value in all 5' }).click();
    await expect
      .poll(() => panel.summary.textContent(), SLOW)
      .toBe(`Finished: 5 written, ${SLOTS - CHANGES.length + 1} skipped, 0 failed.`);
    expect(await panel.page.getByRole('alertdialog').count()).toBe(0);
    // Only what the user chose is written, each after one read of its own right before.
    const restored = CHANGES.filter((change) => change !== KEPT);
    expect(writes().toSorted()).toEqual(restored.map(keyOf).toSorted());
    expect(
      slotReads()
        .map((r) => r.path)
        .toSorted(),
    ).toEqual(restored.map(slotPath).toSorted());
    const after = await Promise.all(CHANGES.map((c) => readSlotDirect(sandbox, c.target, c.option)));
    expect(after.map(({ title, data }) => ({ title, data }))).toEqual(
      CHANGES.map((change, at) =>
        change === KEPT ? change.value : { title: before[at]!.title, data: before[at]!.data },
      ),
    );

    // What the restore replaced is kept: its Undo puts the other writer's 5 values back.
    await panel.undo.click();
    const undo = panel.page.getByRole('region', { name: 'Undo progress' });
    await expect
      .poll(() => undo.getByRole('status').textContent(), SLOW)
      .toBe('Finished: 5 written, 0 skipped, 0 failed.');
    const undone = await Promise.all(restored.map((c) => readSlotDirect(sandbox, c.target, c.option)));
    expect(undone.map(({ title, data }) => ({ title, data }))).toEqual(restored.map((c) => c.value));
    await panel.page.close();
  }, 180_000);
});
