/**
 * Factories found and documents across slots in real Firefox against the sandbox: the picker filled
 * from GET /factory/list/, the fallback to hand entry when it answers 404 (said once), and a
 * 10,000-character document written in one job and read back by the README's reader.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { msg } from '../e2e/messages';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { type FirefoxSession, clearCachedAnswers, launchFirefox } from './firefox';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';
import { waitFor } from './pages/query';
import { demoCredentials, readDocument } from '../sandbox/direct';

const sandbox = useSandbox();
let session: FirefoxSession;
const BUILDING = DEMO.buildings.juergen[0];
const NO_LIST = 'The service has no factory list (GET /factory/list/ answered 404)';

beforeAll(async () => {
  session = await launchFirefox();
  await OptionsPage.configure(session, demoCredentials(sandbox));
});
afterAll(async () => {
  await session?.close();
});
beforeEach(async () => {
  await clearCachedAnswers(session);
});

describe('factories in Firefox', () => {
  it('lists the account’s factories from GET /factory/list/ and opens their slots', async () => {
    const editor = await EditorPage.open(session);
    await waitFor(editor.page, editor.factory('Bäckerei Groß'));
    await editor.page.locator(editor.factory('Bäckerei Groß')).click();
    await expect.poll(() => editor.titleValue(1)).toBe('Öffnungszeiten');
    expect(await editor.textOnPage(NO_LIST)).toBe(0);
    await editor.page.close();
  });

  it('falls back to hand entry when the list answers 404, saying why once', async () => {
    sandbox.setFactoryList(false);
    const editor = await EditorPage.open(session);
    await expect.poll(() => editor.textOnPage(NO_LIST)).toBe(1);
    await editor.addFactory(DEMO.factories.juergen[0], 'Meine Bäckerei');
    await waitFor(editor.page, editor.factory('Meine Bäckerei'));
    await editor.page.close();
    await clearCachedAnswers(session);
    const again = await EditorPage.open(session);
    await waitFor(again.page, again.factory('Meine Bäckerei'));
    await expect.poll(() => sandbox.log.filter((r) => r.path === '/factory/list/').length).toBe(2);
    expect(await again.textOnPage(NO_LIST)).toBe(0);
    await again.page.close();
  });
});

describe('a document across slots in Firefox', () => {
  it('writes 10,000 characters in one job, manifest last, read back by the README’s reader', async () => {
    const editor = await EditorPage.open(session);
    await editor.chooseTarget('Haus Müllerstraße');
    await expect.poll(() => editor.slotCount()).toBe(20);
    const items: { n: number; name: string }[] = [];
    const size = () => JSON.stringify({ items, pad: '' }).length;
    while (size() < 9_900) items.push({ n: items.length, name: `Straße Nr. ${items.length} 🏠 Grüße` });
    const value = { items, pad: 'ä'.repeat(10_000 - size()) };
    const text = JSON.stringify(value);
    expect(text.length).toBe(10_000);
    sandbox.clearLog();
    await editor.writeDocument(text, msg('import_confirm', '6'));
    await expect
      .poll(() => editor.textOnPage(msg('import_finished', '6', '0', '0')), { timeout: 30_000 })
      .toBe(1);
    const posts = sandbox.log
      .filter((r) => r.method === 'POST')
      .map((r) => (JSON.parse(r.body) as { option: number }).option);
    expect(posts.at(-1)).toBe(1);
    expect(await readDocument(sandbox.url, DEMO.premium.token, 'building', BUILDING)).toEqual(value);
    await expect
      .poll(() => editor.textInDocument('Document “site” in slots 1–6: 10000 characters in 5 pieces'))
      .toBe(1);
    await editor.page.close();
  }, 120_000);
});
