/** The dashboard in Firefox (popup, or the sidebar page opened as a tab): regions, lists and buttons by name. */
import type { Page } from 'puppeteer-core';
import { msg } from '../../e2e/messages';
import type { FirefoxSession } from '../firefox';
import { countOf, role, text, textOf, waitFor, within } from './query';

const VIEWPORTS = {
  'popup.html': { width: 440, height: 600 },
  'sidepanel.html': { width: 400, height: 900 },
} as const;

export class DashboardPage {
  static readonly buildingList = role('list', 'Your buildings');
  /** The header's choice of the active account, named "Account". */
  static readonly account = role('combobox', msg('profile_label'));

  private constructor(readonly page: Page) {}

  /** `popup.html` at popup size, or `sidepanel.html` (the `sidebar_action` panel) at sidebar size. */
  static async open(
    session: FirefoxSession,
    path: keyof typeof VIEWPORTS = 'popup.html',
  ): Promise<DashboardPage> {
    return new DashboardPage(await session.open(path, VIEWPORTS[path]));
  }

  building(label: string): string {
    return within(DashboardPage.buildingList, within(role('button'), text(label)));
  }
  buildingCount(): Promise<number> {
    return countOf(this.page, within(DashboardPage.buildingList, role('listitem')));
  }
  section(name: 'Details' | 'Rooms' | 'Tenants' | 'Bank accounts'): string {
    return role('region', name);
  }
  sectionText(name: Parameters<DashboardPage['section']>[0]): Promise<string | null> {
    return textOf(this.page, this.section(name));
  }
  /** Rows of the table inside a section, header row included. */
  rowCount(name: Parameters<DashboardPage['section']>[0]): Promise<number> {
    return countOf(this.page, within(this.section(name), role('row')));
  }
  button(name: string): string {
    return role('button', name);
  }
  tab(name: 'Building' | 'Slots'): string {
    return role('tab', name);
  }
  hasText(value: string): Promise<number> {
    return countOf(this.page, text(value));
  }

  /** The names of the buildings in the list, as shown. */
  async buildingNames(): Promise<string[]> {
    const items = await this.page.$$(within(DashboardPage.buildingList, role('listitem')));
    return Promise.all(items.map((item) => item.evaluate((node) => node.textContent ?? '')));
  }

  /** The account the header shows as active (the choice the "Account" box shows), or null. */
  async activeAccount(): Promise<string | null> {
    const select = await this.page.$(DashboardPage.account);
    return select
      ? select.evaluate((node) => (node as HTMLSelectElement).selectedOptions[0]?.text ?? null)
      : null;
  }
  /** The accounts the header offers, in order. */
  async accounts(): Promise<string[]> {
    const options = await this.page.$$(within(DashboardPage.account, role('option')));
    return Promise.all(options.map((option) => option.evaluate((node) => node.textContent ?? '')));
  }

  /** Chooses another account in the header's "Account" box, as a user picks it from the list. */
  async switchAccount(name: string): Promise<void> {
    await waitFor(this.page, DashboardPage.account);
    const option = await this.page.$(within(DashboardPage.account, role('option', name)));
    const value = await option?.evaluate((node) => (node as HTMLOptionElement).value);
    if (value === undefined) throw new Error(`the Account box offers no ${name}`);
    await this.page.select(DashboardPage.account, value);
  }
}
