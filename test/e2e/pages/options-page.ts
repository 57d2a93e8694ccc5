/** The options page as a user sees it: fields by their labels, buttons by their names. */
import type { Locator, Page } from 'playwright-core';
import type { ExtensionSession } from '../browser';

export interface Credentials {
  baseUrl: string;
  token: string;
  secret?: string;
  persistence?: 'session' | 'local';
}

export class OptionsPage {
  private constructor(readonly page: Page) {}

  static async open(session: ExtensionSession): Promise<OptionsPage> {
    const page = await session.context.newPage();
    await page.goto(session.url('options.html'));
    const options = new OptionsPage(page);
    await options.baseUrl.waitFor();
    return options;
  }

  /** Sets the extension up through its options page, as a user would, and closes the page. */
  static async configure(session: ExtensionSession, credentials: Credentials): Promise<void> {
    const options = await OptionsPage.open(session);
    await options.save(credentials);
    await options.status.filter({ hasText: 'Saved' }).waitFor();
    await options.page.close();
  }

  get baseUrl(): Locator {
    return this.page.getByLabel('API base URL');
  }
  get token(): Locator {
    return this.page.getByLabel('Access token', { exact: true });
  }
  get secret(): Locator {
    return this.page.getByLabel('API secret', { exact: true });
  }
  get status(): Locator {
    return this.page.getByRole('status');
  }
  get alert(): Locator {
    return this.page.getByRole('alert');
  }
  button(name: string | RegExp): Locator {
    return this.page.getByRole('button', { name });
  }

  async fill({ baseUrl, token, secret = '', persistence = 'session' }: Credentials): Promise<void> {
    await this.baseUrl.fill(baseUrl);
    await this.token.fill(token);
    await this.secret.fill(secret);
    await this.page
      .getByLabel(persistence === 'local' ? 'On this device (local)' : 'Until the browser closes (session)')
      .check();
  }

  async save(credentials: Credentials): Promise<void> {
    await this.fill(credentials);
    await this.button('Save').click();
  }
}
