/**
 * The full editor's layout in Chromium at 400×600 and 1280×800, in English and German, with the demo
 * building's 6 of 20 slots used: its four sections are tabs, each one click away; nothing scrolls
 * sideways and every button lies inside the window's width; an empty slot is one line at most ~48 px
 * tall; at 1280×800 the Slots section is at most two screens tall; axe finds no serious violation;
 * the arrow keys move between the sections; a result (the import's preview) is brought into view.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoCredentials } from '../sandbox/direct';
import { seriousViolations } from './axe';
import type { ExtensionSession } from './browser';
import { useExtension } from './fixture';
import { type MessageKey, msgIn } from './messages';

const SIZES = [
  { width: 400, height: 600 },
  { width: 1280, height: 800 },
];
const LANGUAGES = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'de', locale: 'de-DE' },
] as const;

/** What overflows sideways: scroll containers wider inside than out, and buttons past the window's edges. */
function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}.${element.className} ${element.textContent?.trim().slice(0, 40) ?? ''}`;
    const root = document.scrollingElement ?? document.documentElement;
    const containers = [...document.querySelectorAll('*')]
      .filter((element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX))
      .filter((element) => element.scrollWidth > element.clientWidth)
      .map(describe);
    if (root.scrollWidth > root.clientWidth)
      containers.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    const buttons = [
      ...document.querySelectorAll('button, [role="button"], [role="tab"], input[type="file"]'),
    ]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && (box.left < 0 || box.right > document.documentElement.clientWidth);
      })
      .map(describe);
    return { containers, buttons };
  });
}

/** Sets the extension up as the premium demo character through its options page, in its language. */
async function configure(
  session: ExtensionSession,
  credentials: ReturnType<typeof demoCredentials>,
  lang: 'en' | 'de',
) {
  const page = await session.context.newPage();
  await page.goto(session.url('options.html'));
  await page.getByLabel(msgIn(lang, 'field_baseUrl')).fill(credentials.baseUrl);
  await page.getByLabel(msgIn(lang, 'field_token'), { exact: true }).fill(credentials.token);
  await page.getByLabel(msgIn(lang, 'field_secret'), { exact: true }).fill(credentials.secret ?? '');
  await page.getByRole('button', { name: msgIn(lang, 'action_save'), exact: true }).click();
  await page
    .getByRole('status')
    .filter({ hasText: msgIn(lang, 'status_saved') })
    .first()
    .waitFor();
  await page.close();
}

async function openEditor(page: Page, url: string, lang: 'en' | 'de'): Promise<void> {
  await page.goto(url);
  await page.getByRole('group', { name: 'Slot 20', exact: true }).waitFor();
  await page.getByText(msgIn(lang, 'slot_loading')).first().waitFor({ state: 'detached' });
  await page.getByText(msgIn(lang, 'slots_used', '6', '20')).waitFor();
}

for (const { lang, locale } of LANGUAGES) {
  describe(`the editor in ${lang === 'en' ? 'English' : 'German'}`, () => {
    const { sandbox, session } = useExtension({ resetEachTest: false, browser: { locale } });
    beforeAll(() => configure(session, demoCredentials(sandbox, 'premium'), lang));
    const text = (key: MessageKey, ...substitutions: string[]) => msgIn(lang, key, ...substitutions);

    for (const size of SIZES) {
      it(`fits ${size.width}×${size.height}: sections one click away, nothing sideways, empty slots one line`, async () => {
        const page = await session.context.newPage();
        await page.setViewportSize(size);
        await openEditor(page, session.url('editor.html'), lang);

        // Empty slots fold: each a group "Slot N" one line tall, the runs named in one line.
        const empty = page.getByRole('group', { name: /^Slot (6|7|11|13|20)$/ });
        expect(await empty.count()).toBe(5);
        for (const box of await empty.evaluateAll((groups) =>
          groups.map((g) => g.getBoundingClientRect().height),
        ))
          expect(box).toBeLessThanOrEqual(48);
        await page.getByText(text('slots_emptyRun', '13', '20'), { exact: true }).waitFor();
        if (size.width === 1280) {
          const height = await page.evaluate(() => document.documentElement.scrollHeight);
          expect(height).toBeLessThanOrEqual(2 * size.height);
        }

        const sections: [MessageKey, () => Promise<void>][] = [
          ['editor_tab_slots', () => page.getByRole('group', { name: 'Slot 1', exact: true }).waitFor()],
          ['editor_tab_import', () => page.getByLabel(text('import_file')).waitFor()],
          ['editor_tab_document', () => page.getByRole('region', { name: text('doc_heading') }).waitFor()],
          [
            'editor_tab_backup',
            async () => {
              await page.getByRole('button', { name: text('backup_start'), exact: true }).waitFor();
              await page.getByRole('button', { name: text('restore_file'), exact: true }).waitFor();
            },
          ],
        ];
        for (const [tab, shown] of sections.toReversed()) {
          await page.getByRole('tab', { name: text(tab), exact: true }).click();
          await shown();
          expect(await page.getByRole('tab', { selected: true }).textContent()).toBe(text(tab));
          expect(await sidewaysOverflow(page)).toEqual({ containers: [], buttons: [] });
          expect(await seriousViolations(page)).toEqual([]);
        }
        await page.close();
      });
    }

    if (lang === 'en') {
      it('moves between the sections with the arrow keys, Home and End', async () => {
        const page = await session.context.newPage();
        await openEditor(page, session.url('editor.html'), lang);
        const selected = () => page.getByRole('tab', { selected: true }).textContent();
        await page.getByRole('tab', { name: 'Slots', exact: true }).focus();
        await page.keyboard.press('ArrowRight');
        expect(await selected()).toBe('Import & export');
        await page.getByLabel('Choose a JSON file').waitFor();
        await page.keyboard.press('End');
        expect(await selected()).toBe('Backup & restore');
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Backup & restore');
        await page.keyboard.press('ArrowRight');
        expect(await selected()).toBe('Slots');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('Home');
        expect(await selected()).toBe('Slots');
        // An empty slot opens by keyboard, its Title taking the focus.
        await page.getByRole('button', { name: 'Edit slot 13', exact: true }).focus();
        await page.keyboard.press('Enter');
        const title = page
          .getByRole('group', { name: 'Slot 13', exact: true })
          .getByLabel('Title', { exact: true });
        await expect.poll(() => title.evaluate((field) => field === document.activeElement)).toBe(true);
        await page.close();
      });

      it('brings the preview of a checked document into view at 400×600 and focuses it', async () => {
        const page = await session.context.newPage();
        await page.setViewportSize({ width: 400, height: 600 });
        await openEditor(page, session.url('editor.html'), lang);
        await page.getByRole('tab', { name: 'Import & export' }).click();
        const doc = {
          target: { kind: 'building', id: 'b-1001' },
          slots: [{ slot: 9, title: 'Aus dem Import', data: 'neu' }],
        };
        await page.getByLabel('…or paste the JSON here').fill(JSON.stringify(doc));
        await page.getByRole('button', { name: 'Check and preview' }).click();
        const preview = page.getByRole('region', { name: 'Preview' });
        await preview.waitFor();
        const box = await preview.boundingBox();
        expect(box && box.y >= 0 && box.y < 600).toBe(true);
        await expect
          .poll(() => page.evaluate(() => document.activeElement?.closest('.import__results') !== null))
          .toBe(true);
        await page.close();
      });
    }
  });
}
