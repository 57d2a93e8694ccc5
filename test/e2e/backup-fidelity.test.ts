/**
 * A backup holds exactly what the server holds and always restores, in Chromium against the
 * sandbox: a site's document whose emoji another writer split across two pieces (piece 1 ends with
 * half of a surrogate pair, which Chromium's storage cannot hold as it is) and a title of 40 emoji
 * another client wrote (40 characters to the server, 80 UTF-16 units to us). The downloaded file
 * holds both exactly; restoring it unchanged shows every slot unchanged, the emoji title as left as
 * it is, and writes nothing.
 */
import { expect, it } from 'vitest';
import { writeSlotDirect } from '../sandbox/direct';
import { DEMO } from '../sandbox/seed';
import { backUpEverything } from './backup-helpers';
import { useExtension } from './fixture';
import { ImportPanelPage } from './pages/import-panel';
import { OptionsPage } from './pages/options-page';

const { sandbox, session } = useExtension({ resetEachTest: false, as: 'premium' });
const SLOW = { timeout: 40_000, interval: 100 };
const target = { kind: 'building' as const, id: DEMO.buildings.juergen[0] as string };
const PIECE_1 = `{"text":"Willkommen ${'x'.repeat(20)}\ud83d`;
const PIECE_2 = '\ude00"}';
const EMOJI_TITLE = '🏠'.repeat(40);

type FileDocument = {
  targets: { target: { id: string }; slots: { slot: number; title: string; data: string }[] }[];
};

it('backs up split emoji and a title past our count exactly; restoring the file unchanged writes nothing', async () => {
  expect(sandbox.changeSlot({ target, option: 6, title: 'site:1', data: PIECE_1 })).toBe(true);
  expect(sandbox.changeSlot({ target, option: 7, title: 'site:2', data: PIECE_2 })).toBe(true);
  expect(await writeSlotDirect(sandbox, target, 8, { title: EMOJI_TITLE, data: 'Dach' })).toBe(200);

  const options = await OptionsPage.open(session);
  const text = await backUpEverything(options, SLOW);
  await options.page.close();
  // Valid UTF-8 JSON: the lone half is an escape, nothing was replaced by U+FFFD.
  expect(text).not.toContain('\ufffd');
  expect(text).toContain('\\ud83d"');
  const file = JSON.parse(text) as FileDocument;
  const slots = file.targets.find((entry) => entry.target.id === target.id)?.slots ?? [];
  expect(slots.slice(5, 8).map(({ title, data }) => ({ title, data }))).toEqual([
    { title: 'site:1', data: PIECE_1 },
    { title: 'site:2', data: PIECE_2 },
    { title: EMOJI_TITLE, data: 'Dach' },
  ]);

  // The unchanged file back, as it was downloaded.
  const panel = await ImportPanelPage.open(session);
  sandbox.clearLog();
  await panel.file.setInputFiles({
    name: 'backup.json',
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
  await panel.preview.getByText('Restore into 4 targets').waitFor();
  const building = panel.preview.getByRole('group').first();
  // Judged from the backup's own reads (fresh, not now): each would be read again before writing.
  await expect
    .poll(() => building.locator('.hint').first().textContent())
    .toBe(
      "19 held this value when last read (read again before writing; one changed since is shown to you, not written), 1 past the extension's limits, left as they are (not written)",
    );
  expect(await panel.preview.textContent()).not.toMatch(/\d+ change\b/);
  // Read now, at the user's request: every slot holds its value, nothing to write.
  await panel.preview.getByRole('button', { name: /^Show current values: \d+ requests/ }).click();
  await expect
    .poll(() => building.locator('.hint').first().textContent(), SLOW)
    .toBe(
      "19 already hold this value (skipped, no request), 1 past the extension's limits, left as they are (not written)",
    );
  await panel.preview.getByText('Nothing to change: every slot already holds this value.').waitFor();
  expect(await panel.preview.getByRole('button', { name: /^Confirm/ }).count()).toBe(0);
  expect(sandbox.log.filter((r) => r.method === 'POST')).toEqual([]);
  await panel.page.close();
}, 90_000);
