/**
 * The full slot editor in Firefox: its sections as tabs, slots as groups named "Slot N" (an empty one
 * folded into a line until opened with "Edit slot N"), fields by label, targets by name.
 */
import type { Page } from 'puppeteer-core';
import type { FirefoxSession } from '../firefox';
import { countOf, field, role, text, textOf, textsOf, valueOf, waitFor, waitUntil, within } from './query';

export class EditorPage {
  private constructor(readonly page: Page) {}

  static async open(session: FirefoxSession): Promise<EditorPage> {
    const editor = new EditorPage(await session.open('editor.html'));
    await waitFor(editor.page, editor.title(1));
    return editor;
  }

  slot(n: number): string {
    return role('group', `Slot ${n}`);
  }
  title(n: number): string {
    return within(this.slot(n), field('Title'));
  }
  data(n: number): string {
    return within(this.slot(n), field('Data', 'textarea'));
  }
  button(n: number, name: string): string {
    return within(this.slot(n), role('button', name));
  }
  target(name: string): string {
    return role('button', name);
  }
  /** Slots whose read has arrived: their Title field is shown, or they are folded as empty. */
  async slotCount(): Promise<number> {
    const open = await countOf(this.page, role('textbox', 'Title'));
    return open + (await countOf(this.page, 'button[aria-label^="Edit slot "]'));
  }
  /** Opens slot `n` once read: an empty slot is folded into one line until its "Edit slot N". */
  async edit(n: number): Promise<void> {
    const folded = role('button', `Edit slot ${n}`);
    await waitUntil(
      async () => {
        if (await this.page.$(this.title(n))) return true;
        if (await this.page.$(folded)) await this.page.locator(folded).click();
        return false;
      },
      15_000,
      `slot ${n} was not read`,
    );
  }
  /** Shows one of the editor's sections: "Slots", "Import & export", "Document", "Backup & restore". */
  async showSection(name: string): Promise<void> {
    await this.page.locator(role('tab', name)).click();
  }
  titleValue(n: number): Promise<string | null> {
    return valueOf(this.page, this.title(n));
  }
  dataValue(n: number): Promise<string | null> {
    return valueOf(this.page, this.data(n));
  }
  statusOf(n: number): Promise<string | null> {
    return textOf(this.page, within(this.slot(n), role('status')));
  }
  textInSlot(n: number, value: string): Promise<number> {
    return countOf(this.page, within(this.slot(n), text(value)));
  }
  /** What the page shows as alerts (a failed read or save, anywhere in the editor). */
  alerts(): Promise<string[]> {
    return textsOf(this.page, role('alert'));
  }

  async fillTitle(n: number, value: string): Promise<void> {
    await this.page.locator(this.title(n)).fill(value);
  }
  async fillData(n: number, value: string): Promise<void> {
    await this.page.locator(this.data(n)).fill(value);
  }
  async save(n: number): Promise<void> {
    await this.page.locator(this.button(n, 'Save slot')).click();
  }
  /** A factory's button in the picker's Factories group. */
  factory(name: string): string {
    return within(role('group', 'Factories'), role('button', name));
  }
  static readonly document = role('region', 'Document across slots');
  documentText(): string {
    return within(EditorPage.document, field('Document (JSON)', 'textarea'));
  }
  textInDocument(value: string): Promise<number> {
    return countOf(this.page, within(EditorPage.document, text(value)));
  }
  textOnPage(value: string): Promise<number> {
    return countOf(this.page, text(value));
  }
  async addFactory(id: string, name: string): Promise<void> {
    await this.page.locator(text('Add a factory')).click();
    await this.page.locator(field('Factory ID (firmenId)')).fill(id);
    await this.page.locator(field('Name (optional, kept only in this browser)')).fill(name);
    await this.page.locator(role('button', 'Check and add')).click();
  }
  /** Fills the document, plans it, agrees to overwrite named slots, previews and confirms. */
  async writeDocument(value: string, confirm: string): Promise<void> {
    await this.showSection('Document');
    await waitFor(this.page, this.documentText());
    // Typing 10,000 characters key by key is slow: the text is set as a paste would, then input fires.
    await this.page.$eval(
      this.documentText(),
      (node, content) => {
        const area = node as HTMLTextAreaElement;
        area.value = content;
        area.dispatchEvent(new Event('input', { bubbles: true }));
      },
      value,
    );
    await this.page.locator(within(EditorPage.document, role('button', 'Plan the write'))).click();
    const overwrite = within(EditorPage.document, 'input[type=checkbox]');
    await waitFor(this.page, within(EditorPage.document, role('button', 'Preview the write')));
    if (await this.page.$(overwrite)) await this.page.locator(overwrite).click();
    await this.page.locator(within(EditorPage.document, role('button', 'Preview the write'))).click();
    await waitFor(this.page, role('button', confirm));
    await this.page.locator(role('button', confirm)).click();
  }
  async chooseTarget(name: string): Promise<void> {
    await this.page.locator(this.target(name)).click();
  }
}
