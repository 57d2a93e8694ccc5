/** The dashboard in Firefox (popup, or the sidebar page opened as a tab): regions, lists and buttons by name. */
import type { Page } from 'puppeteer-core';
import type { FirefoxSession } from '../firefox';
import { countOf, role, text, textOf, within } from './query';

const VIEWPORTS = {
  'popup.html': { width: 440, height: 600 },
  'sidepanel.html': { width: 400, height: 900 },
} as const;

export class DashboardPage {
  static readonly buildingList = role('list', 'Your buildings');

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
}
