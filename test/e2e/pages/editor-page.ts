/**
 * The full slot editor tab as a user sees it: its sections as tabs, slots as groups named "Slot N"
 * (an empty one folded into a line until opened with "Edit slot N"), fields by label.
 */
import type { Locator, Page } from 'playwright-core';
import type { ExtensionSession } from '../browser';

export class EditorPage {
  private constructor(readonly page: Page) {}

  static async open(session: ExtensionSession): Promise<EditorPage> {
    const page = await session.context.newPage();
    await page.goto(session.url('editor.html'));
    const editor = new EditorPage(page);
    await editor.title(1).waitFor();
    return editor;
  }

  /** The editor's sections: "Slots", "Import & export", "Document", "Backup & restore". */
  tab(name: string): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }
  async showSection(name: string): Promise<void> {
    const tab = this.tab(name);
    if ((await tab.getAttribute('aria-selected')) !== 'true') await tab.click();
  }
  /** Opens slot `n` once read: an empty slot is folded into one line until its "Edit slot N". */
  async edit(n: number, wait: { timeout?: number } = {}): Promise<void> {
    const folded = this.page.getByRole('button', { name: `Edit slot ${n}`, exact: true });
    await folded.or(this.title(n)).first().waitFor(wait);
    if (await folded.isVisible()) await folded.click();
    await this.title(n).waitFor(wait);
  }
  /** Every slot read: 20 groups (10 without premium), none loading. */
  async allRead(count = 20, wait: { timeout?: number } = {}): Promise<void> {
    await this.slot(count).waitFor(wait);
    await this.page
      .getByText('Loading slot…')
      .first()
      .waitFor({ state: 'detached', ...wait });
  }
  get slots(): Locator {
    return this.page.getByRole('group', { name: /^Slot \d+$/ });
  }
  slot(n: number): Locator {
    return this.page.getByRole('group', { name: `Slot ${n}`, exact: true });
  }
  title(n: number): Locator {
    return this.slot(n).getByLabel('Title', { exact: true });
  }
  data(n: number): Locator {
    return this.slot(n).getByLabel('Data', { exact: true });
  }
  button(n: number, name: string | RegExp): Locator {
    return this.slot(n).getByRole('button', { name });
  }
  async save(n: number): Promise<void> {
    await this.button(n, 'Save slot').click();
  }
  target(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }
  get factories(): Locator {
    return this.page.getByRole('group', { name: 'Factories', exact: true });
  }
  /** The document across slots: its region, text, plan and preview. */
  get document(): Locator {
    return this.page.getByRole('region', { name: 'Document across slots' });
  }
  get documentText(): Locator {
    return this.document.getByLabel('Document (JSON)');
  }
  async planDocument(text: string): Promise<void> {
    await this.showSection('Document');
    await this.documentText.fill(text);
    await this.document.getByRole('button', { name: 'Plan the write' }).click();
  }
  /** Agrees to overwrite slots that hold something else, when the plan names any. */
  async previewDocument(): Promise<void> {
    // The plan of a table's edit is made after its module loads: the box and the button come
    // with it, so the count of boxes means something only once the button is there.
    const preview = this.document.getByRole('button', { name: 'Preview the write' });
    await preview.waitFor();
    const overwrite = this.document.getByLabel(/^Overwrite these slots/);
    if (await overwrite.count()) await overwrite.check();
    await preview.click();
  }
  get confirm(): Locator {
    return this.page.getByRole('button', { name: /^Confirm: write \d+ slots$/ });
  }
  async addFactory(id: string, name = ''): Promise<void> {
    await this.page.getByText('Add a factory').click();
    await this.page.getByLabel('Factory ID (firmenId)').fill(id);
    await this.page.getByLabel(/^Name \(optional/).fill(name);
    await this.page.getByRole('button', { name: 'Check and add' }).click();
  }
}
