/**
 * The records table in real Firefox against the sandbox (issue 32): the dealer's list in slot 1
 * edited as a table (a price, a row added, one removed, one moved, rows pasted) and saved with one
 * read and one write; a German LibreOffice clipboard pasted through a real copy, and a price typed
 * and saved without Enter written. (The 6-piece document's edit is proven in Chromium:
 * test/e2e/records.test.ts.)
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GERMAN_CALC_SAVED, dealerList, germanCalc, recordFields } from '../e2e/records-fixture';
import { demoCredentials, readSlotDirect } from '../sandbox/direct';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import type { LoggedRequest } from '../sandbox/server';
import { type FirefoxSession, clearStoredFamilies, launchFirefox } from './firefox';
import { EditorPage } from './pages/editor-page';
import { OptionsPage } from './pages/options-page';
import { countOf, role, waitFor, within } from './pages/query';

const sandbox = useSandbox();
let session: FirefoxSession;
const BUILDING = DEMO.buildings.juergen[0];
const target = { kind: 'building' as const, id: BUILDING };

beforeAll(async () => {
  session = await launchFirefox();
  await OptionsPage.configure(session, demoCredentials(sandbox));
});
afterAll(async () => {
  await session?.close();
});
beforeEach(async () => {
  await clearStoredFamilies(session, ['cache', 'draft', 'docDraft', 'job']);
});

const slotRequests = (log: LoggedRequest[]) => log.filter((r) => r.path.startsWith('/building/options'));
const optionOf = (r: LoggedRequest) =>
  r.method === 'POST' ? (JSON.parse(r.body) as { option: number }).option : Number(r.path.split('/').at(-1));

/** The data cell at (row, column), 0-based, of the grid named `grid`. */
const cell = (grid: string, row: number, column: number) =>
  within(grid, `tbody tr:nth-of-type(${row + 1}) td:nth-of-type(${column + 1})`);
const rowCount = (page: Page, grid: string) => countOf(page, within(grid, 'tbody tr'));

/** A real Ctrl+<key> (copy, paste), as a user presses it. */
async function withCtrl(page: Page, key: string) {
  await page.keyboard.down('Control');
  await page.keyboard.press(key as Parameters<Page['keyboard']['press']>[0]);
  await page.keyboard.up('Control');
}

/**
 * A spreadsheet's copy, for real: `html` put into the page, selected, Ctrl+C (nothing else focused:
 * a grid cell would copy its own rows), taken out again; then a click on `target` and Ctrl+V.
 */
async function copyAndPaste(page: Page, html: string, target: string) {
  await page.evaluate((given: string) => {
    const scratch = document.createElement('div');
    scratch.id = 'scratch';
    const parsed = new DOMParser().parseFromString(given, 'text/html');
    scratch.append(...[...parsed.body.childNodes].map((node) => document.importNode(node, true)));
    document.body.append(scratch);
    (document.activeElement as HTMLElement | null)?.blur();
    const range = document.createRange();
    range.selectNodeContents(scratch);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
  }, html);
  await withCtrl(page, 'c');
  await page.evaluate(() => document.getElementById('scratch')?.remove());
  await page.locator(target).click();
  await withCtrl(page, 'v');
}

async function editCell(page: Page, grid: string, row: number, column: number, value: string) {
  await page.locator(cell(grid, row, column)).click();
  await page.keyboard.press('Enter');
  await waitFor(page, within(grid, 'textarea.cell__input'));
  await page.$eval(
    within(grid, 'textarea.cell__input'),
    (node) => ((node as HTMLTextAreaElement).value = ''),
  );
  await page.keyboard.type(value);
  await page.keyboard.press('Enter');
}

describe('the records table in Firefox', () => {
  it('edits the dealer’s list in slot 1 and saves it with one read and one write', async () => {
    const list = dealerList(8);
    sandbox.changeSlot({ target, option: 1, title: 'Autohaus', data: list });
    const editor = await EditorPage.open(session);
    await editor.chooseTarget('Haus Müllerstraße');
    await expect.poll(() => editor.dataValue(1)).toBe(list);
    await editor.page.locator(editor.button(1, 'Table')).click();
    const grid = role('grid', 'Records of slot 1');
    await waitFor(editor.page, grid);
    await expect.poll(() => rowCount(editor.page, grid)).toBe(8);

    await editCell(editor.page, grid, 1, 2, '10999');
    await editor.page.locator(editor.button(1, 'Add row at end')).click();
    await editCell(editor.page, grid, 8, 1, 'Opel Corsa');
    await editor.page.locator(cell(grid, 2, 0)).click();
    await editor.page.locator(editor.button(1, 'Delete row')).click();
    await editor.page.locator(cell(grid, 0, 1)).click();
    await editor.page.keyboard.down('Alt');
    await editor.page.keyboard.press('ArrowDown');
    await editor.page.keyboard.up('Alt');
    // A real paste (Firefox keeps a synthetic event's clipboard empty): the rows as a spreadsheet's
    // table, copied with Ctrl+C from the page, then Ctrl+V on the cell.
    const rows = [
      ['Opel Corsa', '9500'],
      ['Seat Ibiza', '7000'],
      ['Kia Ceed', '8000'],
    ];
    const table = `<table>${rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('')}</table>`;
    await copyAndPaste(editor.page, table, cell(grid, 7, 1));
    await waitFor(editor.page, '.records__preview').catch(async (e: unknown) => {
      console.log(
        'DEBUG',
        await editor.page.evaluate(() => document.querySelector('.records')?.textContent?.slice(300, 500)),
      );
      throw e;
    });
    await editor.page.locator(within('.records__preview', role('button', 'Keep the paste'))).click();
    await expect.poll(() => rowCount(editor.page, grid)).toBe(10);

    sandbox.clearLog();
    await editor.save(1);
    await expect.poll(() => editor.statusOf(1)).toBe('Saved.');
    expect(slotRequests(sandbox.log).map((r) => [r.method, optionOf(r)])).toEqual([
      ['GET', 1],
      ['POST', 1],
    ]);
    const saved = (await readSlotDirect(sandbox, target, 1)).data;
    const records = JSON.parse(saved) as { id: number; name: string; price: number }[];
    expect(records.map((r) => r.id)).toEqual([2, 1, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(records.find((r) => r.id === 2)?.price).toBe(10999);
    expect(saved).toContain('"price":80000.50');
    await editor.page.close();
  }, 120_000);

  it('pastes a German LibreOffice clipboard, and a price typed and saved without Enter is written', async () => {
    sandbox.changeSlot({ target, option: 1, title: 'Autohaus', data: dealerList(3) });
    const editor = await EditorPage.open(session);
    await editor.chooseTarget('Haus Müllerstraße');
    await expect.poll(() => editor.dataValue(1)).toBe(dealerList(3));
    await editor.page.locator(editor.button(1, 'Table')).click();
    const grid = role('grid', 'Records of slot 1');
    await waitFor(editor.page, grid);
    // A real copy of the captured German Calc table (Firefox keeps a synthetic paste's clipboard empty).
    await copyAndPaste(editor.page, germanCalc('html'), cell(grid, 0, 0));
    await waitFor(editor.page, '.records__preview');
    await editor.page.locator(within('.records__preview', role('button', 'Keep the paste'))).click();
    await expect.poll(() => rowCount(editor.page, grid)).toBe(5);
    // The last price typed, the cell still open: Save slot writes what the cell shows.
    await editor.page.locator(cell(grid, 4, 2)).click();
    await editor.page.keyboard.press('Enter');
    await waitFor(editor.page, within(grid, 'textarea.cell__input'));
    await editor.page.$eval(
      within(grid, 'textarea.cell__input'),
      (node) => ((node as HTMLTextAreaElement).value = ''),
    );
    await editor.page.keyboard.type('700000');
    sandbox.clearLog();
    await editor.save(1);
    await expect.poll(() => editor.statusOf(1)).toBe('Saved.');
    expect(recordFields((await readSlotDirect(sandbox, target, 1)).data)).toEqual(GERMAN_CALC_SAVED);
    await editor.page.close();
  }, 60_000);
});
