/**
 * "Back up everything" in Chromium against the sandbox under a request limit (10 per 1 s, the live pace
 * scaled 60× shorter, announced in headers): the options page's Stored data backs up every
 * building and factory of the premium character into one file that parses with the import format
 * and holds exactly the sandbox's slots (started and downloaded from the keyboard, no serious axe
 * finding while it runs or when done); a read refused with a wait past the cap pauses it, said in
 * words, and Resume (by keyboard) finishes it reading no slot twice; then, from an empty cache, the
 * worker is stopped mid-backup (through the DevTools protocol, as Chromium does when idle) and the
 * backup resumes when a page wakes it, reading no slot it had stored again.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type ParsedDocument, parseImportDocument } from '../../lib/import/import-parser';
import { workerStopper } from '../../scripts/bench-worker';
import { DEMO } from '../sandbox/seed';
import { seriousViolations } from './axe';
import { useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';

const { sandbox, session } = useExtension({
  sandbox: { rateLimit: { limit: 10, windowSeconds: 10 }, rateHeaders: true },
  // Each test from a new install: a backup the other test left finished is not this one's.
  as: 'premium',
});
const SLOW = { timeout: 40_000, interval: 100 };
const TARGETS = [
  ...DEMO.buildings.juergen.map((id) => ({ kind: 'building' as const, id })),
  ...DEMO.factories.juergen.map((id) => ({ kind: 'factory' as const, id })),
];
const SLOTS = TARGETS.length * 20;

const backupRegion = (options: OptionsPage) =>
  options.page.getByRole('region', { name: 'Back up everything' });
/** A target's slots as the sandbox holds them (read in place: an HTTP read would spend the limit). */
function heldSlots(target: { kind: 'building' | 'factory'; id: string }) {
  return sandbox.changeData((data) => {
    const list = target.kind === 'building' ? data.buildings : data.factories;
    return structuredClone(list.find((t) => t.id === target.id)?.slots ?? []);
  });
}
const slotReads = () => sandbox.log.filter((r) => r.method === 'GET' && r.path.includes('/options/'));

/** Starts the backup from the keyboard: the button focused, then Enter. */
async function startBackup(): Promise<OptionsPage> {
  const options = await OptionsPage.open(session);
  await backupRegion(options).getByRole('button', { name: 'Back up everything' }).focus();
  await options.page.keyboard.press('Enter');
  return options;
}

describe('back up everything', () => {
  it('backs up every slot of every building and factory into one file of the format', async () => {
    sandbox.clearLog();
    const options = await startBackup();
    const region = backupRegion(options);
    await expect.poll(() => region.getByRole('progressbar', { name: 'Backup progress' }).count()).toBe(1);
    expect(await seriousViolations(options.page)).toEqual([]);
    await expect
      .poll(() => region.getByRole('status').first().textContent(), SLOW)
      .toMatch(/^Backup finished: 4 targets, 80 requests\.$/);
    expect(await seriousViolations(options.page)).toEqual([]);
    await region.getByRole('button', { name: 'Download backup file' }).focus();
    const [download] = await Promise.all([
      options.page.waitForEvent('download'),
      options.page.keyboard.press('Enter'),
    ]);
    expect(download.suggestedFilename()).toMatch(/^page-options-backup-Account-1-\d{4}-\d{2}-\d{2}\.json$/);
    const parsed: ParsedDocument = parseImportDocument(
      { value: JSON.parse(readFileSync((await download.path()) as string, 'utf8')) },
      { premium: true },
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
    expect(parsed.targets.map((t) => t.target)).toEqual(TARGETS);
    for (const entry of parsed.targets) {
      const held = heldSlots(entry.target);
      expect(entry.slots.map(({ slot, title, data }) => ({ slot, title, data }))).toEqual(
        held.map(({ title, data }, i) => ({ slot: i + 1, title, data })),
      );
    }
    expect(slotReads()).toHaveLength(SLOTS);
    expect(sandbox.log.filter((r) => r.status === 429)).toEqual([]);
    await options.page.close();
    // The editor offers the same backup: the finished one, to download again.
    const editor = await session.context.newPage();
    await editor.goto(session.url('editor.html#backup'));
    const inEditor = editor.getByRole('region', { name: 'Back up everything' });
    await inEditor.getByRole('button', { name: 'Download backup file' }).waitFor();
    expect(await inEditor.getByRole('status').first().textContent()).toBe(
      'Backup finished: 4 targets, 80 requests.',
    );
    await editor.close();
  }, 60_000);

  it('pauses at a wait past the cap, says so, and its Resume by keyboard finishes it', async () => {
    sandbox.clearLog();
    // The second building's first read is refused for 12 minutes, once.
    sandbox.addFault({
      path: `/building/options/${DEMO.buildings.juergen[1]}/`,
      method: 'GET',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '720' },
      times: 1,
    });
    // From the options page: no view of it reads a slot, so every read is the backup's.
    const options = await startBackup();
    const region = backupRegion(options);
    await expect
      .poll(() => region.getByRole('status').first().textContent(), SLOW)
      .toMatch(
        /^Paused: the server asks to wait 12 min, longer than the 5 min this extension waits\. 20 of 80 slots done; the others are read when it goes on\. Resume after .+, or now: Resume asks the server again\.$/,
      );
    expect(slotReads()).toHaveLength(21);
    expect(await seriousViolations(options.page)).toEqual([]);
    await region.getByRole('button', { name: 'Resume backup' }).focus();
    await options.page.keyboard.press('Enter');
    await expect
      .poll(() => region.getByRole('status').first().textContent(), SLOW)
      .toBe('Backup finished: 4 targets, 81 requests.');
    // No slot read twice but the refused one.
    expect(new Set(slotReads().map((r) => r.path)).size).toBe(SLOTS);
    expect(slotReads()).toHaveLength(SLOTS + 1);
    await options.page.close();
  }, 60_000);

  it('resumes after the worker stopped mid-backup and reads no slot twice', async () => {
    const options = await OptionsPage.open(session);
    // The cache a backup before warmed goes (when there is one), so every slot is read again.
    const clear = options.button('Clear Cached answers');
    await options.page.getByRole('table', { name: /^Stored data of / }).waitFor();
    if ((await clear.getAttribute('aria-disabled')) !== 'true') {
      await clear.click();
      await options.button('Yes, delete').click();
      await options.page.getByText('Deleted.').waitFor();
    }
    await options.page.close();
    // 10 per 20 s on the E2E build's ×10 clock: a read every ~200 ms of real time past the first
    // burst, so the worker is stopped between two reads long before the 80th (at 10 per 10 s a
    // loaded machine read all 80 before the stop took effect).
    sandbox.setRateLimit({ limit: 10, windowSeconds: 20 });
    sandbox.clearLog();
    const stopper = await workerStopper(session.context);
    await startBackup();
    // Stopped between two reads, while the backup waits for its next turn (a read in flight when the
    // worker stops is lost with it and read again: at most one, as the backup reads one at a time).
    // Past half a window the reads are spread at the rate (one per ~200 ms here), so a pause of
    // 100 ms after the last one is a gap between two.
    await expect
      .poll(() => slotReads().length >= 25 && (sandbox.log.at(-1)?.time ?? 0) < Date.now() - 100, SLOW)
      .toBe(true);
    await stopper.stop(); // closes every extension page too
    const beforeStop = slotReads().map((r) => r.path);
    expect(beforeStop.length).toBeLessThan(SLOTS);
    // A page wakes the worker; it resumes the backup at start-up.
    const options2 = await OptionsPage.open(session);
    await expect
      .poll(() => backupRegion(options2).getByRole('status').first().textContent(), SLOW)
      .toMatch(/^Backup finished: 4 targets/);
    const paths = slotReads().map((r) => r.path);
    expect(new Set(paths).size).toBe(SLOTS);
    // Only a read answered as the worker stopped (its answer lost with it) may be read again.
    const twice = paths.filter((path, i) => paths.indexOf(path) !== i);
    expect(twice.filter((path) => path !== beforeStop.at(-1))).toEqual([]);
    expect(paths.length).toBeLessThanOrEqual(SLOTS + 1);
    await stopper.close();
  }, 60_000);
});
