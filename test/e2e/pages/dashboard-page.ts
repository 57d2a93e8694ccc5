/** The dashboard (popup, side panel or tab) as a user sees it: regions, tables and buttons by name. */
import type { Locator, Page } from 'playwright-core';
import type { ExtensionSession } from '../browser';

export class DashboardPage {
  private constructor(readonly page: Page) {}

  /** `popup.html` at popup size, `sidepanel.html` at side panel size, or `dashboard.html`. */
  static async open(
    session: ExtensionSession,
    path: 'popup.html' | 'sidepanel.html' | 'dashboard.html' | 'dashboard.html#portfolio' = 'popup.html',
  ): Promise<DashboardPage> {
    const page = await session.context.newPage();
    if (path === 'popup.html') await page.setViewportSize({ width: 400, height: 600 });
    if (path === 'sidepanel.html') await page.setViewportSize({ width: 400, height: 900 });
    await page.goto(session.url(path));
    return new DashboardPage(page);
  }

  building(label: string): Locator {
    return this.page
      .getByRole('list', { name: 'Your buildings' })
      .getByRole('button', { name: new RegExp(label) });
  }
  section(name: 'Details' | 'Rooms' | 'Tenants' | 'Bank accounts'): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }
  table(name: string | RegExp): Locator {
    return this.page.getByRole('table', { name });
  }
  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }
  tab(name: 'Building' | 'Slots'): Locator {
    return this.page.getByRole('tab', { name });
  }
  /** The factories in the page's one picker (buildings are in `building`). */
  factory(name: string | RegExp): Locator {
    return this.page.getByRole('list', { name: 'Factories' }).getByRole('button', { name });
  }
  /** Whether the picker marks `name` (a building or factory) as the one shown and edited. */
  async isCurrent(name: string): Promise<boolean> {
    const current = this.page.locator('.picker-nav [aria-current="true"]');
    return (await current.count()) === 1 && new RegExp(name).test((await current.textContent()) ?? '');
  }
  /** How many pixels `locator` (or the page) would scroll sideways; 0 when everything fits. */
  async sidewaysScroll(locator?: Locator): Promise<number> {
    const element = locator ?? this.page.locator('html');
    return element.evaluate((el) => Math.max(0, el.scrollWidth - el.clientWidth));
  }
}
