/** The editor's import panel as a user sees it: sources by label, preview and progress by role and name. */
import type { Locator, Page } from 'playwright-core';
import type { ExtensionSession } from '../browser';

export class ImportPanelPage {
  constructor(readonly page: Page) {}

  /** Opens the full editor at its Import & export section (or at #import or #selection) and waits for the panel. */
  static async open(session: ExtensionSession, hash = '#import-export'): Promise<ImportPanelPage> {
    const page = await session.context.newPage();
    await page.goto(session.url(`editor.html${hash}`));
    const panel = new ImportPanelPage(page);
    await panel.file.waitFor();
    return panel;
  }

  /**
   * Opens the full editor on its Slots section, waits until every slot is read (the editor's own
   * reads are done, its cache warm), then shows Import & export: as a user who looked first.
   */
  static async openAfterSlots(session: ExtensionSession): Promise<ImportPanelPage> {
    const page = await session.context.newPage();
    await page.goto(session.url('editor.html'));
    const panel = new ImportPanelPage(page);
    await page.getByRole('group', { name: 'Slot 20', exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText('Loading slot…').first().waitFor({ state: 'detached', timeout: 30_000 });
    await panel.showSection('Import & export');
    await panel.file.waitFor();
    return panel;
  }

  /** Shows one of the editor's sections: "Slots", "Import & export", "Document", "Backup & restore". */
  async showSection(name: string): Promise<void> {
    await this.page.getByRole('tab', { name, exact: true }).click();
  }
  /** "Restore" in Backup & restore: a backup file into the restore flow. */
  async restoreFile(name: string, document: unknown): Promise<void> {
    await this.showSection('Backup & restore');
    await this.page.getByLabel('Restore', { exact: true }).setInputFiles({
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(document, null, 2)),
    });
  }
  get file(): Locator {
    return this.page.getByLabel('Choose a JSON file');
  }
  get paste(): Locator {
    return this.page.getByLabel('…or paste the JSON here');
  }
  get preview(): Locator {
    return this.page.getByRole('region', { name: 'Preview' });
  }
  get confirm(): Locator {
    return this.page.getByRole('button', { name: /^Confirm: write \d+ slots$/ });
  }
  get job(): Locator {
    return this.page.getByRole('region', { name: /^(Import|Undo) progress$/ });
  }
  get progress(): Locator {
    return this.job.getByRole('progressbar');
  }
  get summary(): Locator {
    return this.job.getByRole('status');
  }
  get results(): Locator {
    return this.page.getByRole('list', { name: 'Results per slot' }).getByRole('listitem');
  }
  get undo(): Locator {
    return this.page.getByRole('button', { name: 'Undo this import', exact: true });
  }

  async chooseFile(name: string, document: unknown): Promise<void> {
    await this.file.setInputFiles({
      name,
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(document, null, 2)),
    });
  }
}
