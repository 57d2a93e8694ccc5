/**
 * Factories found and documents across slots, end to end: the built extension in Chromium against
 * the sandbox over HTTP. The factory picker filled from GET /factory/list/, the fallback to hand
 * entry when it answers 404 (said once), and a 10,000-character document written across slots
 * through one import job, then read back by a reader written here from the README's scheme.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO } from '../sandbox/seed';
import { clearCachedAnswers } from './browser';
import { useExtension } from './fixture';
import { EditorPage } from './pages/editor-page';
import { readDocument } from '../sandbox/direct';

const { sandbox, session } = useExtension({ as: 'premium' });
const BUILDING = DEMO.buildings.juergen[0];

beforeEach(async () => {
  await clearCachedAnswers(session);
});

/** 10,000 characters of minified JSON with umlauts and emoji throughout. */
function tenThousand(): { value: unknown; text: string } {
  const items: { n: number; name: string }[] = [];
  const size = () => JSON.stringify({ items, pad: '' }).length;
  while (size() < 9_900) items.push({ n: items.length, name: `Straße Nr. ${items.length} 🏠 Grüße` });
  const value = { items, pad: 'ä'.repeat(10_000 - size()) };
  return { value, text: JSON.stringify(value) };
}

describe('factories', () => {
  it('lists the account’s factories from GET /factory/list/ by name, and opens their slots', async () => {
    const editor = await EditorPage.open(session);
    const bakery = editor.factories.getByRole('button', { name: 'Bäckerei Groß', exact: true });
    await bakery.click();
    await expect.poll(() => editor.title(1).inputValue()).toBe('Öffnungszeiten');
    expect(sandbox.log.some((r) => r.path === '/factory/list/')).toBe(true);
    await expect.poll(() => editor.page.getByText(/factory list/).count()).toBe(0);
    await editor.page.close();
  });

  it('falls back to hand entry when /factory/list/ answers 404, saying why once', async () => {
    sandbox.setFactoryList(false);
    const editor = await EditorPage.open(session);
    const notice = editor.page.getByText(
      /The service has no factory list \(GET \/factory\/list\/ answered 404\)/,
    );
    await notice.waitFor();
    await editor.addFactory(DEMO.factories.juergen[0], 'Meine Bäckerei');
    await editor.factories.getByRole('button', { name: 'Meine Bäckerei', exact: true }).waitFor();
    await expect.poll(() => editor.title(1).inputValue()).toBe('Öffnungszeiten');
    await editor.page.close();
    await clearCachedAnswers(session);
    const again = await EditorPage.open(session);
    await again.factories.getByRole('button', { name: 'Meine Bäckerei', exact: true }).waitFor();
    await expect.poll(() => sandbox.log.filter((r) => r.path === '/factory/list/').length).toBe(2);
    expect(await again.page.getByText(/The service has no factory list/).count()).toBe(0);
    await again.page.close();
  });
});

describe('a document across slots', () => {
  it('writes 10,000 characters across slots in one job, manifest last, read back by the README’s reader', async () => {
    const editor = await EditorPage.open(session);
    await editor.target('Haus Müllerstraße').click();
    await expect.poll(() => editor.page.getByText('Loading slot…').count()).toBe(0);
    const { value, text } = tenThousand();
    expect(text.length).toBe(10_000);
    await editor.planDocument(text);
    await editor.document.getByText('Needs 6 of 20 slots (slots 1–6).', { exact: false }).waitFor();
    await editor.previewDocument();
    await editor.confirm.waitFor();
    sandbox.clearLog();
    await editor.confirm.click();
    await editor.page.getByText(/^Finished: 6 written, 0 skipped, 0 failed\.$/).waitFor({ timeout: 30_000 });
    const posts = sandbox.log
      .filter((r) => r.method === 'POST')
      .map((r) => (JSON.parse(r.body) as { option: number }).option);
    expect(posts.at(-1)).toBe(1);
    expect(posts.toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await readDocument(sandbox.url, DEMO.premium.token, 'building', BUILDING)).toEqual(value);
    // Read back in the editor as one document.
    await editor.document
      .getByText(`Document “site” in slots 1–6: 10000 characters in 5 pieces`, { exact: false })
      .waitFor();
    await editor.document.getByText('valid JSON', { exact: true }).waitFor();
    await editor.page.close();
  });
});
