/**
 * The options page as a user sees it: fields by their labels, buttons by their names. The
 * connection form edits the selected account; on a fresh install the worker makes the first one.
 */
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
    const options = await OptionsPage.openConfigured(session, credentials);
    await options.page.close();
  }

  /**
   * Sets the extension up as `configure` does and, with `detected`, waits until the premium
   * detection says so (its reads done); the page stays open.
   */
  static async openConfigured(
    session: ExtensionSession,
    credentials: Credentials,
    detected?: 'yes' | 'no',
  ): Promise<OptionsPage> {
    const options = await OptionsPage.open(session);
    await options.save(credentials);
    await options.status.filter({ hasText: 'Saved' }).waitFor();
    if (detected) await options.page.getByText(`Detected: ${detected}`).waitFor();
    return options;
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
  /** The connection form's status line (a sign-out dialog in the accounts list has its own). */
  get status(): Locator {
    return this.page.getByRole('region', { name: /^Editing: / }).getByRole('status');
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

  /** The accounts list entry of the account named `name`. */
  account(name: string): Locator {
    return this.page
      .getByRole('list', { name: 'Your accounts' })
      .getByRole('listitem')
      .filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** The name of the account the connection form edits ("Editing: <name>"). */
  get editing(): Locator {
    return this.page.getByRole('heading', { name: /^Editing: / });
  }

  /** Adds an account and waits until the form edits it. */
  async addAccount(): Promise<void> {
    // Counted once the list is drawn (a page just opened draws it after reading storage), and the
    // new account waited for in the list too, so a next call counts it.
    const accounts = this.page.getByRole('list', { name: 'Your accounts' }).getByRole('listitem');
    await accounts.first().waitFor();
    const before = await accounts.count();
    await this.button('Add account').click();
    await this.editing.filter({ hasText: `Account ${before + 1}` }).waitFor();
    await accounts.nth(before).waitFor();
  }

  async rename(from: string, to: string): Promise<void> {
    const row = this.account(from);
    await row.getByRole('button', { name: `Rename ${from}` }).click();
    await row.getByLabel('Name', { exact: true }).fill(to);
    await row.getByRole('button', { name: 'Apply' }).click();
    await this.account(to).waitFor();
  }

  async edit(name: string): Promise<void> {
    await this.button(`Edit ${name}`).click();
    await this.editing.filter({ hasText: name }).waitFor();
  }

  async switchTo(name: string): Promise<void> {
    await this.button(`Switch to ${name}`).click();
    await this.account(name).filter({ hasText: 'active' }).waitFor();
  }
}
