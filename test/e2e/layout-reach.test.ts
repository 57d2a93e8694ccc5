/**
 * Every feature in reach of the popup, counted as a user clicks, by role and name, in English
 * (Chromium, the premium demo character): the portfolio, a bank account's transactions, the backup,
 * the restore, the import and the document are each at most three clicks from the popup (400×600),
 * and what the last click opens is in view: its heading lies inside the viewport of the page it is
 * on (a tab the popup opened is looked at as 1280×800).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useExtension } from './fixture';
import { msg } from './messages';

const POPUP = { width: 400, height: 600 };
const TAB = { width: 1280, height: 800 };

const { session } = useExtension({ resetEachTest: false, as: 'premium' });

/** A user's way from the popup: each click counted, a tab it opens followed. */
class Journey {
  clicks = 0;
  private constructor(public page: Page) {}

  static async start(): Promise<Journey> {
    const popup = await session.context.newPage();
    await popup.setViewportSize(POPUP);
    await popup.goto(session.url('popup.html'));
    await popup.getByRole('tab', { name: msg('tab_building') }).waitFor();
    return new Journey(popup);
  }

  async click(locator: (page: Page) => Locator): Promise<void> {
    this.clicks += 1;
    await locator(this.page).click();
  }

  /** A click that opens another tab: the journey goes on there. */
  async clickToTab(locator: (page: Page) => Locator): Promise<void> {
    const opened = session.context.waitForEvent('page');
    await this.click(locator);
    const tab = await opened;
    await tab.setViewportSize(TAB);
    this.page = tab;
  }

  /** Whether `heading` (by role and name) is shown with its top inside the viewport. */
  async inView(name: string): Promise<boolean> {
    const heading = this.page.getByRole('heading', { name, exact: true });
    await heading.waitFor();
    return heading.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
    });
  }

  async end(): Promise<void> {
    for (const page of session.context.pages())
      if (page.url().startsWith('chrome-extension:')) await page.close();
  }
}

const tab = (name: string) => (page: Page) => page.getByRole('tab', { name, exact: true });
const button = (name: string | RegExp) => (page: Page) => page.getByRole('button', { name });

/** Popup → Slots → "Open the full editor" → the editor's section `section`. */
async function editorSection(journey: Journey, section: string): Promise<void> {
  await journey.click(tab(msg('tab_slots')));
  await journey.clickToTab(button(msg('slots_openEditor')));
  await journey.click(tab(section));
}

describe('every feature within three clicks of the popup, in view', () => {
  it('the portfolio', async () => {
    const journey = await Journey.start();
    await journey.clickToTab(button(new RegExp(`^${msg('portfolio_open')}: `)));
    expect(await journey.inView(msg('portfolio_heading'))).toBe(true);
    expect(journey.clicks).toBeLessThanOrEqual(3);
    await journey.end();
  });

  it('a bank account’s transactions', async () => {
    const journey = await Journey.start();
    await journey.click(tab(msg('tab_building')));
    await journey.click(button(msg('accounts_show', 'Mietkonto Haus Müllerstraße')));
    expect(await journey.inView(msg('section_transactions', 'Mietkonto Haus Müllerstraße'))).toBe(true);
    expect(journey.clicks).toBeLessThanOrEqual(3);
    await journey.end();
  });

  for (const [feature, section, heading] of [
    ['the import', 'editor_tab_import', 'import_heading'],
    ['the document', 'editor_tab_document', 'doc_heading'],
    ['the backup', 'editor_tab_backup', 'backup_heading'],
    ['the restore', 'editor_tab_backup', 'restore_heading'],
  ] as const)
    it(feature, async () => {
      const journey = await Journey.start();
      await editorSection(journey, msg(section));
      expect(await journey.inView(msg(heading))).toBe(true);
      expect(journey.clicks).toBeLessThanOrEqual(3);
      await journey.end();
    });
});
