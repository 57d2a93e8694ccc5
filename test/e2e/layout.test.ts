/**
 * Pages shaped for what they hold, in Chromium at 400×600 and 1280×800, English and German, as the
 * sandbox's landlord (12 buildings, a bank account each): no container scrolls sideways and every
 * button lies inside the viewport on the popup and the side panel (at both sizes: narrow or wide
 * follows the page's own width), each tab of the dashboard tab and the options page; the header's
 * actions sit on one row with the account's name whole at 400 px; the portfolio and a bank account's
 * transactions are one click from the popup, and what that click opens is in view.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type enMessages from '../../public/_locales/en/messages.json';
import { LANDLORD } from '../sandbox/landlord';
import { seriousViolations } from './axe';
import { useExtension } from './fixture';
import { OptionsPage } from './pages/options-page';
import { loaded } from './pages/flow-pages';

type Lang = 'en' | 'de';
type Key = keyof typeof enMessages;
const catalogues = {
  en: JSON.parse(readFileSync('public/_locales/en/messages.json', 'utf8')),
  de: JSON.parse(readFileSync('public/_locales/de/messages.json', 'utf8')),
} as Record<Lang, Record<string, { message: string }>>;
/** A message without placeholders, in `lang`. */
const ui = (lang: Lang, key: Key) => catalogues[lang][key]?.message ?? key;

const NARROW = { width: 400, height: 600 };
const ACCOUNT = LANDLORD.character;
const WIDE = { width: 1280, height: 800 };

// One profile for both languages: set up once (in English, the token kept on this device), relaunched in German.
const profile = mkdtempSync(join(tmpdir(), 'po-layout-'));
// Registered before the fixture's: after-hooks run last-first, so the profile goes once the browser closed.
afterAll(() => rmSync(profile, { recursive: true, force: true }));
const { sandbox, session } = useExtension({ resetEachTest: false, browser: { userDataDir: profile } });
beforeAll(async () => {
  const options = await OptionsPage.openConfigured(session, {
    baseUrl: sandbox.url,
    token: LANDLORD.token,
    secret: LANDLORD.secret,
    persistence: 'local',
  });
  // A name as people give their accounts: the header shows it whole at 400 px.
  await options.rename('Account 1', ACCOUNT);
  await options.page.close();
});

/** What does not fit: containers that scroll sideways, buttons outside the viewport. Empty when all fits. */
function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const el of [document.documentElement, ...document.querySelectorAll('body, body *')]) {
      const overflow = getComputedStyle(el).overflowX;
      const scrolls = el === document.documentElement || overflow === 'auto' || overflow === 'scroll';
      if (scrolls && el.scrollWidth > el.clientWidth)
        found.push(`scrolls sideways: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    }
    for (const button of document.querySelectorAll('button, summary, [role="button"]')) {
      const box = button.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.left < -0.5 || box.right > width + 0.5)
        found.push(
          `button outside the view: ${name(button)} ${Math.round(box.left)}–${Math.round(box.right)}`,
        );
    }
    return found;
  });
}

/** Whether the element's top lies within the viewport (what a click opened is in view). */
const inView = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const box = el.getBoundingClientRect();
      return box.top >= 0 && box.top < window.innerHeight && box.bottom > 0;
    });

async function open(path: string, size: { width: number; height: number }): Promise<Page> {
  const page = await session.context.newPage();
  await page.setViewportSize(size);
  await page.goto(session.url(path));
  return page;
}

/** The header's children share one row: their tops differ by less than a line. */
const headerOnOneRow = (page: Page) =>
  page.locator('.dashboard__header').evaluate((header) => {
    const tops = [...header.querySelectorAll('h1, .profile-switcher, .menu__toggle, .menu__list > .button')]
      .map((el) => el.getBoundingClientRect())
      .filter((box) => box.height > 0)
      .map((box) => box.top);
    return Math.max(...tops) - Math.min(...tops) < 20;
  });

/**
 * Whether the header's account picker shows its name whole: the select is as wide as it would be
 * unconstrained (a name is cut with an ellipsis only when very long), and its title holds the name.
 */
const accountNameWhole = (page: Page, lang: Lang) =>
  page.getByRole('combobox', { name: ui(lang, 'profile_label') }).evaluate((select: HTMLSelectElement) => {
    const free = select.cloneNode(true) as HTMLSelectElement;
    free.style.cssText = 'position: absolute; visibility: hidden; width: auto; max-width: none';
    select.after(free);
    const natural = free.getBoundingClientRect().width;
    free.remove();
    return {
      shown: select.getBoundingClientRect().width >= natural - 0.5,
      title: select.title,
    };
  });

/** Opens the first building and the first bank account's transactions; each state must fit. */
async function everyState(page: Page, lang: Lang, tabs: Key[]): Promise<string[]> {
  const found: string[] = [];
  const check = async (what: string) => found.push(...(await misfits(page)).map((m) => `${what}: ${m}`));
  await page.getByRole('tab', { name: ui(lang, 'tab_building') }).click();
  await page
    .getByRole('region', { name: ui(lang, 'section_accounts'), exact: true })
    .getByRole('table')
    .waitFor();
  await page
    .getByRole('region', { name: ui(lang, 'section_rooms'), exact: true })
    .getByRole('table')
    .waitFor();
  await check('building');
  await page.locator('.row-link').first().click();
  await page.locator('.transactions .table--cards').waitFor();
  await page.locator('figure.chart').waitFor();
  await check('transactions');
  for (const tab of tabs) {
    await page.getByRole('tab', { name: ui(lang, tab) }).click();
    await loaded(page);
    await check(tab);
  }
  return found;
}

for (const lang of ['en', 'de'] as const) {
  describe(`pages that fit, ${lang === 'en' ? 'English' : 'German'}`, () => {
    // Each language's tests run in a browser of that language on the one profile, in any order.
    beforeAll(() => session.relaunch({ locale: lang === 'en' ? 'en-US' : 'de-DE', userDataDir: profile }));

    it('the popup at 400 px: nothing scrolls sideways, the header is one row, the portfolio is offered', async () => {
      const page = await open('popup.html', NARROW);
      expect(await everyState(page, lang, ['tab_slots'])).toEqual([]);
      expect(await headerOnOneRow(page)).toBe(true);
      expect(await accountNameWhole(page, lang)).toEqual({ shown: true, title: ACCOUNT });
      // A slot opened on the Slots tab (one at a time in the popup), and the header's menu open.
      await page
        .getByRole('button', { name: ui(lang, 'slot_edit').replace('$OPTION$', '1'), exact: true })
        .click();
      await page.getByRole('group', { name: 'Slot 1', exact: true }).getByRole('textbox').first().waitFor();
      expect(await misfits(page)).toEqual([]);
      await page.getByRole('button', { name: ui(lang, 'menu_label') }).click();
      await page.getByRole('button', { name: ui(lang, 'popup_settings') }).waitFor();
      expect(await misfits(page)).toEqual([]);
      await page.keyboard.press('Escape');
      // The portfolio is offered before its first fill too ("12 buildings · open the portfolio"), and
      // while it fills ("3 of 12 buildings read · …"): the line names the account's 12 buildings.
      const summary = page.getByRole('button', { name: new RegExp(`^${ui(lang, 'portfolio_open')}: `) });
      await expect
        .poll(async () => (await summary.count()) === 1 && /\b12\b/.test(await summary.innerText()))
        .toBe(true);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });

    it('the side panel at 400 px', async () => {
      const page = await open('sidepanel.html', NARROW);
      expect(await everyState(page, lang, ['tab_slots'])).toEqual([]);
      expect(await headerOnOneRow(page)).toBe(true);
      expect(await accountNameWhole(page, lang)).toEqual({ shown: true, title: ACCOUNT });
      await page.close();
    });

    for (const path of ['popup.html', 'sidepanel.html'])
      it(`${path} at 1280 px`, async () => {
        const page = await open(path, WIDE);
        expect(await everyState(page, lang, ['tab_slots'])).toEqual([]);
        expect(await headerOnOneRow(page)).toBe(true);
        await page.close();
      });

    for (const size of [NARROW, WIDE])
      it(`the dashboard tab at ${size.width} px, each of its tabs`, async () => {
        const page = await open('dashboard.html', size);
        expect(await everyState(page, lang, ['tab_slots', 'tab_portfolio'])).toEqual([]);
        expect(await headerOnOneRow(page)).toBe(true);
        expect(await accountNameWhole(page, lang)).toEqual({ shown: true, title: ACCOUNT });
        // The portfolio's table with its rows: the row's refresh comes first, inside the view.
        const table = page.getByRole('table', { name: ui(lang, 'portfolio_heading') });
        await table.locator('tbody tr').first().waitFor();
        expect(await misfits(page)).toEqual([]);
        // One picker, and it is not shown where it does not apply (the portfolio: all buildings at once).
        expect(await page.getByRole('list', { name: ui(lang, 'popup_heading') }).count()).toBe(0);
        if (size === NARROW) expect(await seriousViolations(page)).toEqual([]);
        await page.close();
      });

    for (const size of [NARROW, WIDE])
      it(`the options page at ${size.width} px: its Save in view`, async () => {
        const page = await open('options.html', size);
        const save = page.getByRole('button', { name: ui(lang, 'action_save'), exact: true });
        await save.waitFor();
        await page.getByRole('table').first().waitFor();
        expect(await misfits(page)).toEqual([]);
        // Editing the form's first field (the form may start below the fold), its Save is in view.
        await page.getByLabel(ui(lang, 'field_baseUrl')).focus();
        const box = await save.boundingBox();
        expect(box && box.y >= 0 && box.y + box.height <= size.height).toBe(true);
        await page.close();
      });

    it('the portfolio and a bank account’s transactions are one click from the popup, in view', async () => {
      const popup = await open('popup.html', NARROW);
      await popup.getByRole('tab', { name: ui(lang, 'tab_building') }).click();
      await popup.locator('.row-link').first().click();
      await popup.locator('.transactions .table--cards').waitFor();
      await expect.poll(() => inView(popup, '.transactions h3')).toBe(true);

      const opened = session.context.waitForEvent('page');
      await popup.getByRole('button', { name: new RegExp(`^${ui(lang, 'portfolio_open')}: `) }).click();
      const tab = await opened;
      await tab.setViewportSize(WIDE);
      const heading = tab.getByRole('heading', { name: ui(lang, 'portfolio_heading') });
      await heading.waitFor();
      expect(await inView(tab, '#portfolio-heading')).toBe(true);
      await tab.close();
      if (!popup.isClosed()) await popup.close();
    });
  });
}
