/**
 * Text boxes grow with their content in a Firefox without CSS `field-sizing: content`, where
 * components/grow-to-content.ts sets their height: the Firefox 153 ESR of these machines has the
 * property (pref `layout.css.field-sizing.enabled`), so the test turns it off, as in a Firefox that
 * lacks it. A slot's Data box is as tall as its three lines (not the eight rows it would otherwise
 * keep) and grows as lines are typed; a long value stops at the box's max-height and scrolls
 * inside it; the document's box fits a document reformatted by its button (no typing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg } from '../e2e/messages';
import { demoCredentials } from '../sandbox/direct';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { type FirefoxSession, launchFirefox } from './firefox';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';
import { field, role, waitFor, within } from './pages/query';

const sandbox = useSandbox();
let session: FirefoxSession;

beforeAll(async () => {
  // Without the CSS property, as in Firefox before it shipped: the script's fallback does the growing.
  session = await launchFirefox({ prefs: { 'layout.css.field-sizing.enabled': false } });
  await OptionsPage.configure(session, demoCredentials(sandbox));
});
afterAll(async () => {
  await session?.close();
});

interface Box {
  /** Whether this Firefox grows text boxes by CSS alone. */
  css: boolean;
  height: number;
  /** What the text needs: scrollHeight (padding included). */
  needs: number;
  line: number;
  maxHeight: number;
}

async function measure(editor: EditorPage, selector: string): Promise<Box> {
  const box = await editor.page.$(selector);
  if (!box) throw new Error(`no ${selector}`);
  return box.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      css: CSS.supports('field-sizing', 'content'),
      height: element.clientHeight,
      needs: element.scrollHeight,
      line: parseFloat(style.lineHeight),
      maxHeight: parseFloat(style.maxHeight),
    };
  });
}

describe('text boxes in Firefox', () => {
  it('fit their content and grow as lines are typed', async () => {
    const editor = await EditorPage.open(session);
    await editor.chooseTarget('Haus Müllerstraße');
    await waitFor(editor.page, editor.data(DEMO.slots.note));
    await waitFor(editor.page, editor.data(DEMO.slots.long));

    // The house rules: three lines, all shown, in a box well under eight rows.
    const note = await measure(editor, editor.data(DEMO.slots.note));
    expect(note.needs).toBeLessThanOrEqual(note.height + 1);
    expect(note.height).toBeLessThan(5 * note.line);

    // Typed lines make it taller, still without scrolling inside.
    await editor.page.locator(editor.data(DEMO.slots.note)).click();
    await editor.page.keyboard.down('Control');
    await editor.page.keyboard.press('End');
    await editor.page.keyboard.up('Control');
    for (let line = 0; line < 5; line++) {
      await editor.page.keyboard.press('Enter');
      await editor.page.keyboard.type(`Zeile ${line + 1}`);
    }
    const typed = await measure(editor, editor.data(DEMO.slots.note));
    expect(typed.height).toBeGreaterThanOrEqual(note.height + 4 * note.line);
    expect(typed.needs).toBeLessThanOrEqual(typed.height + 1);

    // 2390 characters stop at the box's max-height and scroll inside it.
    const long = await measure(editor, editor.data(DEMO.slots.long));
    expect(long.height).toBeGreaterThan(long.maxHeight - long.line * 2);
    expect(long.needs).toBeGreaterThan(long.height);

    // The document's box fits a document put into it by its button (no typing).
    await editor.showSection(msg('editor_tab_document'));
    const documentBox = within(role('region', msg('doc_heading')), field(msg('doc_text'), 'textarea'));
    await waitFor(editor.page, documentBox);
    const empty = await measure(editor, documentBox);
    await editor.page.locator(documentBox).fill('{"a":1,"b":2,"c":3,"d":4,"e":5}');
    await editor.page
      .locator(within(role('region', msg('doc_heading')), role('button', msg('slot_json_pretty'))))
      .click();
    await expect
      .poll(async () => (await measure(editor, documentBox)).height)
      .toBeGreaterThanOrEqual(empty.height + 2 * empty.line);
    const pretty = await measure(editor, documentBox);
    expect(pretty.needs).toBeLessThanOrEqual(pretty.height + 1);
    await editor.page.close();
  }, 120_000);
});
