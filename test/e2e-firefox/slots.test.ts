/**
 * The slot editor in real Firefox against the sandbox: reads the slots, saves one as the API then
 * returns it, refuses an over-long title without sending anything, and keeps a draft across a reload.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { msg } from '../e2e/messages';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { type FirefoxSession, clearStoredFamilies, gotoExtensionPage, launchFirefox } from './firefox';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';
import { waitFor } from './pages/query';
import { demoCredentials, readSlotDirect } from '../sandbox/direct';

const sandbox = useSandbox();
let session: FirefoxSession;
const BUILDING = 'b-1001';

const readSlot = (option: number) => readSlotDirect(sandbox, { kind: 'building', id: BUILDING }, option);
const posts = () => sandbox.log.filter((r) => r.method === 'POST');

beforeAll(async () => {
  session = await launchFirefox();
  await OptionsPage.configure(session, demoCredentials(sandbox));
});
afterAll(async () => {
  await session?.close();
});

/**
 * Against the default sandbox. (Its `lastUpdate` profile, whose slot answers name the time
 * `lastUpdate` and leave it out for slots nobody wrote, is the worker's parsing, the same in every
 * browser: test/e2e/slots.test.ts runs it in Chromium, test/unit/slot-time.test.ts in unit tests.)
 */
describe.each(['default'] as const)('slot editor in Firefox (sandbox profile %s)', (profile) => {
  beforeAll(async () => {
    // Each run starts as the first did: no answers, history or drafts of the previous run.
    await clearStoredFamilies(session, ['cache', 'history', 'draft']);
  });
  beforeEach(() => {
    sandbox.setProfile(profile);
  });

  it('reads all 20 slots and saves one, as the API then returns it', async () => {
    const editor = await EditorPage.open(session);
    await editor.chooseTarget('Haus Müllerstraße');
    await expect.poll(() => editor.slotCount()).toBe(20);
    const original = await readSlot(DEMO.slots.note);
    await expect.poll(() => editor.titleValue(DEMO.slots.note)).toBe(original.title);
    expect(await editor.dataValue(DEMO.slots.note)).toBe(original.data);

    await editor.fillTitle(1, 'Hausordnung 2025 🏠');
    await editor.fillData(1, 'Ruhezeiten 22–6 Uhr.');
    await editor.save(1);
    await expect.poll(() => editor.statusOf(1)).toBe(msg('slot_saved'));
    expect(await readSlot(1)).toMatchObject({ title: 'Hausordnung 2025 🏠', data: 'Ruhezeiten 22–6 Uhr.' });
    expect(posts()).toHaveLength(1);
    await editor.page.close();
  });

  it('refuses an over-long title and sends nothing', async () => {
    const editor = await EditorPage.open(session);
    await editor.chooseTarget('Haus Müllerstraße');
    await editor.edit(6);
    await expect.poll(() => editor.titleValue(6)).toBe('');
    await editor.fillTitle(6, 'x'.repeat(65));
    await expect.poll(() => editor.textInSlot(6, '65/64')).toBe(1);
    sandbox.clearLog();
    await editor.save(6);
    await expect.poll(() => editor.textInSlot(6, msg('slot_blocked'))).toBe(1);
    expect(posts()).toHaveLength(0);
    await editor.page.close();
  });

  it('keeps a draft across a reload of the page', async () => {
    const editor = await EditorPage.open(session);
    await editor.chooseTarget('Haus Müllerstraße');
    await editor.edit(7);
    await expect.poll(() => editor.dataValue(7)).toBe('');
    await editor.fillData(7, 'halb fertig');
    await expect.poll(() => editor.textInSlot(7, msg('slot_unsaved'))).toBe(1);

    await gotoExtensionPage(editor.page, session.url('editor.html?reloaded'));
    await waitFor(editor.page, editor.data(7));
    await expect.poll(() => editor.dataValue(7)).toBe('halb fertig');
    expect(await editor.textInSlot(7, msg('slot_unsaved'))).toBe(1);
    expect(posts()).toHaveLength(0);
    await editor.page.locator(editor.button(7, 'Discard changes')).click();
    await expect.poll(() => editor.dataValue(7)).toBe('');
    await editor.page.close();
  });
});
