/** The toolbar popup, opened as a page of the extension (Playwright cannot click the toolbar). */
import type { Locator, Page } from 'playwright-core';
import type { ExtensionSession } from '../browser';

export class PopupPage {
  private constructor(readonly page: Page) {}

  static async open(session: ExtensionSession): Promise<PopupPage> {
    const page = await session.context.newPage();
    await page.setViewportSize({ width: 380, height: 560 });
    await page.goto(session.url('popup.html'));
    return new PopupPage(page);
  }

  get buildings(): Locator {
    return this.page.getByRole('list', { name: 'Your buildings' }).getByRole('listitem');
  }
  get alert(): Locator {
    return this.page.getByRole('alert');
  }
  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }
}
