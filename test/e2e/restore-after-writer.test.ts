/**
 * A restore sees what another writer changed, end to end in Chromium against the sandbox: a backup
 * is made (every slot read, its answers fresh in the cache); another writer then changes 6 slots in
 * 4 targets through the API; the backup file restored minutes later puts those 6 back. The preview
 * says it judged from the backup's answers, not now, and offers to read the current values; the job
 * reads every slot at write time and writes the 6 that no longer hold the file's value.
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
/** Another writer's changes: 6 slots in 4 targets. */
const CHANGES = [
  { target: b1!, option: 1 },
  { target: b1!, option: 4 },
  { target: b2!, option: 2 },
  { target: b3!, option: 3 },
  { target: b3!, option: 9 },
  { target: factory, option: 5 },
];

async function backUp(): Promise<string> {
  const options = await OptionsPage.open(session);
  const text = await backUpEverything(options, SLOW);
  await options.page.close();
  return text;
}

describe('a restore after another writer', () => {
  it('restores the 6 slots another writer changed since the backup, though the backup’s answers are still fresh', async () => {
    const text = await backUp();
    const before = await Promise.all(CHANGES.map((c) => readSlotDirect(sandbox, c.target, c.option)));
    for (const { target, option } of CHANGES)
      expect(await writeSlotDirect(sandbox, target, option, { title: 'Other writer', data: 'damage' })).toBe(
        200,
      );

    const panel = await ImportPanelPage.open(session);
    await panel.restoreFile('backup.json', JSON.parse(text));
    await panel.preview.getByText('Restore into 4 targets').waitFor({ timeout: 30_000 });
    // Judged from the backup's answers, and said so; never "Nothing to change".
    await panel.preview.getByText(/slots are judged from answers read .*, not now/).waitFor();
    expect(await panel.preview.getByText('Nothing to change', { exact: false }).count()).toBe(0);
    expect(
      await panel.preview.getByRole('button', { name: /^Show current values: \d+ requests/ }).count(),
    ).toBe(1);
    expect(await seriousViolations(panel.page)).toEqual([]);
    sandbox.clearLog();
    await panel.preview
      .getByRole('button', { name: /^Confirm: write up to \d+ slots in 4 targets$/ })
      .click();
    await expect
      .poll(() => panel.summary.textContent(), SLOW)
      .toMatch(/^Finished: 6 written, \d+ skipped, 0 failed\.$/);
    const posts = sandbox.log.filter((r) => r.method === 'POST' && r.status === 200);
    expect(posts).toHaveLength(6);
    const after = await Promise.all(CHANGES.map((c) => readSlotDirect(sandbox, c.target, c.option)));
    expect(after.map(({ title, data }) => ({ title, data }))).toEqual(
      before.map(({ title, data }) => ({ title, data })),
    );
    await panel.page.close();
  }, 180_000);
});
