/** The options page in Firefox as a user sees it: fields by their labels, buttons by their names. */
import type { Page } from 'puppeteer-core';
import type { Credentials } from '../../e2e/pages/options-page';
import type { FirefoxSession } from '../firefox';
import { field, role, textOf, waitFor } from './query';

export class OptionsPage {
  static readonly baseUrl = field('API base URL');
  static readonly token = field('Access token');
  static readonly secret = field('API secret');
  static readonly status = role('status');
  static readonly alert = role('alert');
  static readonly persistence = {
    session: field('Until the browser closes (session)'),
    local: field('On this device (local)'),
  };

  private constructor(readonly page: Page) {}

  static async open(session: FirefoxSession): Promise<OptionsPage> {
    const page = await session.open('options.html');
    await waitFor(page, OptionsPage.baseUrl);
    return new OptionsPage(page);
  }

  /** Sets the extension up through its options page, as a user would, and closes the page. */
  static async configure(session: FirefoxSession, credentials: Credentials): Promise<void> {
    const options = await OptionsPage.open(session);
    await options.save(credentials);
    await waitFor(options.page, `${OptionsPage.status}::-p-text(Saved)`);
    await options.page.close();
  }

  button(name: string): string {
    return role('button', name);
  }
  statusText(): Promise<string | null> {
    return textOf(this.page, OptionsPage.status);
  }
  alertText(): Promise<string | null> {
    return textOf(this.page, OptionsPage.alert);
  }

  async fill({ baseUrl, token, secret = '', persistence = 'session' }: Credentials): Promise<void> {
    await this.page.locator(OptionsPage.baseUrl).fill(baseUrl);
    await this.page.locator(OptionsPage.token).fill(token);
    await this.page.locator(OptionsPage.secret).fill(secret);
    await this.page.locator(OptionsPage.persistence[persistence]).click();
  }

  /** Fills the form and clicks Save with a real pointer click: permissions.request needs the gesture. */
  async save(credentials: Credentials): Promise<void> {
    await this.fill(credentials);
    await this.page.locator(this.button('Save')).click();
  }
}
