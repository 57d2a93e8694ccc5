/**
 * Every feature in reach of the popup, counted as a user clicks, by role and name, in English
 * (Chromium, the premium demo character): the portfolio, a bank account's transactions, the backup,
 * the restore, the import, the export, "Copy this slot to…" and the document are each at most three
 * clicks from the popup (400×600), and what the last click opens is in view: its heading lies inside
 * the viewport of the page it is on (a tab the popup opened is looked at as 1280×800). Then the one
 * header's menu from the dashboard tab to an editor section, back, and to the settings.
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

const link = (name: string) => (page: Page) => page.getByRole('link', { name, exact: true });

/** Popup → Menu → the editor's section `section`, opened in a tab. */
async function editorSection(journey: Journey, section: string): Promise<void> {
  await journey.click(button(msg('menu_label')));
  await journey.clickToTab(link(section));
  await journey.page.getByRole('tab', { name: section, selected: true }).waitFor();
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

  it('the export of a target’s slots', async () => {
    const journey = await Journey.start();
    await editorSection(journey, msg('editor_tab_import'));
    const exportButton = journey.page.getByRole('button', { name: msg('import_export') });
    // Enabled once the target's slots are read.
    await expect.poll(() => exportButton.getAttribute('aria-disabled')).toBeNull();
    const download = journey.page.waitForEvent('download');
    await journey.click(() => exportButton);
    expect((await download).suggestedFilename()).toMatch(/\.json$/);
    expect(journey.clicks).toBeLessThanOrEqual(3);
    await journey.end();
  });

  it('“Copy this slot to…”, in the popup itself', async () => {
    const journey = await Journey.start();
    await journey.click(tab(msg('tab_slots')));
    await journey.click((page) => page.getByRole('button', { name: msg('slot_edit', '1'), exact: true }));
    await journey.click(button(msg('copy_open')));
    expect(await journey.inView(msg('copy_heading', '1'))).toBe(true);
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

describe('one header and menu on both full pages', () => {
  it('the dashboard tab → an editor section → back, and the settings from both', async () => {
    const page = await session.context.newPage();
    await page.setViewportSize(TAB);
    await page.goto(session.url('dashboard.html'));
    const menu = page.getByRole('button', { name: msg('menu_label') });
    await menu.click();
    // A full tab goes there itself: the editor opens on the section chosen, in the same tab.
    await page.getByRole('link', { name: msg('editor_tab_backup'), exact: true }).click();
    await page.getByRole('tab', { name: msg('editor_tab_backup'), selected: true }).waitFor();
    expect(page.url()).toBe(session.url('editor.html#backup'));
    // The same header: the account, the menu; the menu leads back to the dashboard.
    await page.getByRole('combobox', { name: msg('profile_label') }).waitFor();
    await menu.click();
    expect(await page.getByRole('button', { name: msg('popup_settings') }).count()).toBe(1);
    await page.getByRole('link', { name: msg('nav_dashboard'), exact: true }).click();
    await page.getByRole('tab', { name: msg('tab_building') }).waitFor();
    expect(page.url()).toBe(session.url('dashboard.html'));
    // And the browser's Back returns to the editor's section.
    await page.goBack();
    await page.getByRole('tab', { name: msg('editor_tab_backup'), selected: true }).waitFor();
    // Settings from the editor's menu: the options page in a tab of its own.
    await menu.click();
    const options = session.context.waitForEvent('page');
    await page.getByRole('button', { name: msg('popup_settings') }).click();
    await (await options).waitForURL(session.url('options.html'));
    for (const open of session.context.pages())
      if (open.url().startsWith('chrome-extension:')) await open.close();
  });
});
