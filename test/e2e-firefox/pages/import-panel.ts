/** The editor's import panel in Firefox: the file chooser by label, preview and progress by role and name. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'puppeteer-core';
import { msg } from '../../e2e/messages';
import type { FirefoxSession } from '../firefox';
import { attributeOf, controlOf, countOf, label, role, textOf, waitFor, within } from './query';

export class ImportPanelPage {
  /** Firefox exposes a file input as a button group without the label's name: find the label. */
  static readonly fileLabel = label('Choose a JSON file');
  static readonly preview = role('region', 'Preview');
  static readonly job = role('region', 'Import progress');
  static readonly results = within(role('list', 'Results per slot'), role('listitem'));

  private constructor(readonly page: Page) {}

  static async open(session: FirefoxSession): Promise<ImportPanelPage> {
    const panel = new ImportPanelPage(await session.open('editor.html#import-export'));
    await waitFor(panel.page, ImportPanelPage.fileLabel);
    return panel;
  }

  /** The editor on its Slots section until `ready` holds (its slots read), then on Import & export. */
  static async openAfterSlots(
    session: FirefoxSession,
    ready: (page: Page) => Promise<void>,
  ): Promise<ImportPanelPage> {
    const panel = new ImportPanelPage(await session.open('editor.html'));
    await ready(panel.page);
    await panel.page.locator(role('tab', 'Import & export')).click();
    await waitFor(panel.page, ImportPanelPage.fileLabel);
    return panel;
  }

  confirm(changed: number): string {
    return role('button', msg('import_confirm', String(changed)));
  }
  previewText(): Promise<string | null> {
    return textOf(this.page, ImportPanelPage.preview);
  }
  summary(): Promise<string | null> {
    return textOf(this.page, within(ImportPanelPage.job, role('status')));
  }
  progressValue(): Promise<string | null> {
    return attributeOf(this.page, within(ImportPanelPage.job, role('progressbar')), 'value');
  }
  async results(): Promise<string[]> {
    const items = await this.page.$$(ImportPanelPage.results);
    return Promise.all(items.map((item) => item.evaluate((node) => node.textContent ?? '')));
  }
  resultCount(): Promise<number> {
    return countOf(this.page, ImportPanelPage.results);
  }

  /** Chooses a file through the file input, as the file picker would hand it over. */
  chooseFile(name: string, document: unknown): Promise<void> {
    return this.upload(ImportPanelPage.fileLabel, name, document);
  }

  /** "Restore" in Backup & restore: a backup file into the restore flow. */
  async restoreFile(name: string, document: unknown): Promise<void> {
    await this.page.locator(role('tab', 'Backup & restore')).click();
    await this.upload(label(msg('restore_file')), name, document);
  }

  private async upload(labelSelector: string, name: string, document: unknown): Promise<void> {
    const path = join(mkdtempSync(join(tmpdir(), 'po-ff-import-')), name);
    writeFileSync(path, JSON.stringify(document, null, 2));
    const input = await controlOf(this.page, labelSelector);
    await input.uploadFile(path);
  }
}
