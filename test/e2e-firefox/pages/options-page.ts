/**
 * The options page in Firefox as a user sees it: fields by their labels, buttons by their names.
 * The connection form edits the selected account; on a fresh install the worker makes the first one.
 */
import type { ElementHandle, Page } from 'puppeteer-core';
import { msg } from '../../e2e/messages';
import type { Credentials } from '../../e2e/pages/options-page';
import type { FirefoxSession } from '../firefox';
import { countOf, field, role, text, textOf, waitFor, waitUntil, within } from './query';

export class OptionsPage {
  static readonly baseUrl = field('API base URL');
  static readonly token = field('Access token');
  static readonly secret = field('API secret');
  static readonly status = role('status');
  static readonly alert = role('alert');
  static readonly accounts = role('list', msg('profiles_list'));
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

  /** The connection form of the account it edits ("Editing: <name>"). */
  editing(name: string): string {
    return role('region', msg('profile_editing', name));
  }
  /** The connection form's status line while it edits `name`. */
  editingStatus(name: string): Promise<string | null> {
    return textOf(this.page, within(this.editing(name), role('status')));
  }

  /** The accounts list entry of the account named `name` (the one with its "Edit <name>" button). */
  async account(name: string): Promise<ElementHandle | null> {
    for (const row of await this.page.$$(within(OptionsPage.accounts, role('listitem')))) {
      if (await row.$(role('button', msg('action_edit', name)))) return row;
    }
    return null;
  }
  /** Its text as shown (name, "active", "no token saved", notices), or null while there is none. */
  async accountText(name: string): Promise<string | null> {
    const row = await this.account(name);
    return row ? row.evaluate((node) => node.textContent) : null;
  }

  /** Adds an account and waits until the form edits it ("Account N"). */
  async addAccount(): Promise<string> {
    const name = `Account ${(await countOf(this.page, within(OptionsPage.accounts, role('listitem')))) + 1}`;
    await this.page.locator(this.button(msg('action_addProfile'))).click();
    await waitFor(this.page, this.editing(name));
    return name;
  }

  async rename(from: string, to: string): Promise<void> {
    await this.page.locator(this.button(msg('action_rename', from))).click();
    await this.page.locator(within(OptionsPage.accounts, field(msg('profile_name')))).fill(to);
    await this.page.locator(within(OptionsPage.accounts, role('button', msg('action_apply')))).click();
    await waitFor(this.page, this.button(msg('action_edit', to)));
  }

  /** "Switch to <name>" in the accounts list, then waits until the list marks it active. */
  async switchTo(name: string): Promise<void> {
    await this.page.locator(this.button(msg('action_activate', name))).click();
    await waitUntil(async () => (await this.accountText(name))?.includes(msg('profile_active')) === true);
  }

  /**
   * "Download backup file": the file's name and text as the page hands them to the download (its
   * blob, caught where the page makes its URL; the link's click only names it, as saving would open
   * Firefox's download prompt).
   */
  async downloadBackup(): Promise<{ name: string; text: string }> {
    await this.page.evaluate(() => {
      const files: { name: string; text: Promise<string> }[] = [];
      (window as unknown as { backupFiles: typeof files }).backupFiles = files;
      const make = URL.createObjectURL.bind(URL);
      URL.createObjectURL = (blob: Blob) => {
        files.push({ name: '', text: blob.text() });
        return make(blob);
      };
      HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
        const last = files.at(-1);
        if (last) last.name = this.download;
      };
    });
    await this.page.locator(this.button(msg('backup_download'))).click();
    const file = await this.page.waitForFunction(
      async () => {
        const files = (window as unknown as { backupFiles: { name: string; text: Promise<string> }[] })
          .backupFiles;
        const first = files[0];
        return first?.name ? { name: first.name, text: await first.text } : null;
      },
      { polling: 100 },
    );
    return (await file.jsonValue()) as { name: string; text: string };
  }

  /** "Sign out of <name> (forget its key)", confirmed without deleting drafts and history. */
  async signOut(name: string): Promise<void> {
    await this.page.locator(this.button(msg('action_signOut', name))).click();
    const dialog = role('group', msg('forget_profile_question', name));
    await waitFor(this.page, dialog);
    await this.page.locator(within(dialog, role('button', msg('action_forget_confirm')))).click();
    await waitFor(this.page, text(msg('status_profileForgotten', name)));
  }
}
