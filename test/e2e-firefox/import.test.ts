/**
 * An import in real Firefox: a JSON file chosen through the editor's file input, checked and
 * previewed by the worker, written only after Confirm, with a result per slot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../e2e/messages';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { type FirefoxSession, launchFirefox } from './firefox';
import { ImportPanelPage } from './pages/import-panel';
import { OptionsPage } from './pages/options-page';
import { text, waitFor } from './pages/query';
import { demoCredentials, readSlotDirect } from '../sandbox/direct';

const sandbox = useSandbox();
let session: FirefoxSession;
const BUILDING = DEMO.buildings.juergen[0];

const DOCUMENT = {
  target: { kind: 'building', id: BUILDING },
  slots: [
    { slot: 2, title: 'Vom Import', data: { preise: [3, 5], gruss: 'Grüße' } },
    { slot: 3, title: 'Öffnungszeiten', data: 'Mo–Fr 8–18' },
    { slot: 9, title: 'Neu 🏠', data: 'Zeile 9' },
  ],
};

const readSlot = (option: number) => readSlotDirect(sandbox, { kind: 'building', id: BUILDING }, option);
const posts = () => sandbox.log.filter((r) => r.method === 'POST');

beforeAll(async () => {
  session = await launchFirefox();
  await OptionsPage.configure(session, demoCredentials(sandbox));
});
afterAll(async () => {
  await session?.close();
});

describe('import in Firefox', () => {
  it('previews a chosen file, writes nothing before Confirm, then writes every slot', async () => {
    const panel = await ImportPanelPage.open(session);
    await panel.chooseFile('slots.json', DOCUMENT);
    await waitFor(panel.page, ImportPanelPage.preview);
    await expect.poll(() => panel.previewText()).toContain('Haus Müllerstraße: 3 of 3 slots change');
    expect(await panel.page.$$(text(msg('import_source', 'slots.json')))).toHaveLength(1);
    // The preview shown is the moment: nothing is written before Confirm (the Chromium import test
    // asserts it again once the worker settled).
    expect(posts()).toHaveLength(0);

    await panel.page.locator(panel.confirm(3)).click();
    // The writes awaited on the sandbox's log, not on the page: in Firefox each query by role takes
    // ~1.5 s in the parent process, which holds the extension's storage and requests back meanwhile
    // (polled while the job ran, it stretched the job's GET→POST gap to ~1.2 s).
    await expect.poll(() => posts().length).toBe(3);
    await expect.poll(() => panel.summary()).toBe(msg('import_finished', '3', '0', '0'));
    expect(await panel.progressValue()).toBe('3');
    expect(await panel.results()).toEqual(['Slot 2 written', 'Slot 3 written', 'Slot 9 written']);
    expect(await readSlot(2)).toMatchObject({
      title: 'Vom Import',
      data: JSON.stringify({ preise: [3, 5], gruss: 'Grüße' }),
    });
    expect(await readSlot(3)).toMatchObject({ title: 'Öffnungszeiten', data: 'Mo–Fr 8–18' });
    expect(await readSlot(9)).toMatchObject({ title: 'Neu 🏠', data: 'Zeile 9' });
    expect(posts()).toHaveLength(3);
    await panel.page.close();
  });
});
