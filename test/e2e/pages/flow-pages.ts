/**
 * The pages of the bench's user flows (scripts/bench-ledger) as a user sees them: every role, name
 * and label the budget ledger needs beyond the other page objects, in one place, so a restyle or a
 * moved section is fixed here once. Each helper waits for what the user waits for (a section filled,
 * a job finished), never for a request.
 */
import type { Locator, Page } from 'playwright-core';
import type { ExtensionSession } from '../browser';
import { DashboardPage } from './dashboard-page';
import { EditorPage } from './editor-page';
import { OptionsPage } from './options-page';

/** Any "Loading …" line of a page (a section, the slots, the building list) while one is shown. */
const LOADING = /^Loading\b/;
/**
 * The Confirm of every preview: "Confirm: write 3 slots", "Confirm: write up to 18 slots in 3
 * targets", "Confirm: check 80 slots in 4 targets, write up to 6" (some held their value when read).
 */
const CONFIRM = /^Confirm: (write|check) /;
/** A finished job's summary line ("Finished: 2 written, 1 skipped, 0 failed."). */
const FINISHED = /^Finished: \d+ written, \d+ skipped, \d+ failed\.$/;

const LONG = { timeout: 600_000 };

/** Waits until no "Loading …" line is left on the page (each section and slot shows its answer). */
export async function loaded(page: Page): Promise<void> {
  await page
    .getByText(LOADING)
    .first()
    .waitFor({ state: 'detached', ...LONG });
  // A section may start loading only after the first one painted: look once more two frames later.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page
    .getByText(LOADING)
    .first()
    .waitFor({ state: 'detached', ...LONG });
}

/** The popup with its first building's four sections shown. */
export class PopupFlow {
  private constructor(readonly dashboard: DashboardPage) {}

  static async open(session: ExtensionSession): Promise<PopupFlow> {
    const flow = new PopupFlow(await DashboardPage.open(session, 'popup.html'));
    await flow.shown();
    return flow;
  }

  get page(): Page {
    return this.dashboard.page;
  }
  /** The building picker's buttons, in the order shown. */
  get buildings(): Locator {
    return this.page.getByRole('list', { name: 'Your buildings' }).getByRole('button');
  }
  /** Opens the `n`-th building (0-based) of the picker and waits for its sections. */
  async openBuilding(n: number): Promise<void> {
    await this.buildings.nth(n).click();
    await this.shown();
  }
  async shown(): Promise<void> {
    await this.dashboard.section('Details').waitFor(LONG);
    await loaded(this.page);
  }
}

const jsonFile = (name: string, document: unknown) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(document, null, 2)),
});

/** The slot editor with every slot of its current target shown, and the panels a flow uses. */
export class EditorFlow {
  private constructor(readonly editor: EditorPage) {}

  static async open(session: ExtensionSession): Promise<EditorFlow> {
    const flow = new EditorFlow(await EditorPage.open(session));
    await flow.shown();
    return flow;
  }

  get page(): Page {
    return this.editor.page;
  }
  async shown(): Promise<void> {
    await this.editor.title(1).waitFor(LONG);
    await loaded(this.page);
  }
  async save(n: number, title: string): Promise<void> {
    await this.editor.title(n).fill(title);
    await this.editor.save(n);
    await this.editor.slot(n).getByText('Saved.').waitFor(LONG);
  }

  /** Imports a document (one target or several) from a file: preview, Confirm, until finished. */
  async importFile(document: unknown): Promise<void> {
    await this.editor.showSection('Import & export');
    await this.page.getByLabel('Choose a JSON file').setInputFiles(jsonFile('bench.json', document));
    await this.confirmAndFinish(this.page.getByRole('region', { name: 'Preview' }));
  }

  /** Restores a backup file through "Restore" in Backup & restore: preview, Confirm, until finished. */
  async restoreFile(document: unknown): Promise<void> {
    await this.editor.showSection('Backup & restore');
    await this.page.getByLabel('Restore', { exact: true }).setInputFiles(jsonFile('backup.json', document));
    await this.confirmAndFinish(this.page.getByRole('region', { name: 'Preview' }));
  }

  /** Copies slot `from` into slot `into` of the first `count` targets listed (not the current one). */
  async copySlot(from: number, into: number, count: number): Promise<void> {
    const slot = this.editor.slot(from);
    await slot.getByRole('button', { name: 'Copy this slot to…' }).click();
    const copy = slot.getByRole('region', { name: `Copy slot ${from} to buildings and factories` });
    const targets = copy.getByRole('group', { name: 'Targets' }).getByRole('listitem').getByRole('checkbox');
    await targets.first().waitFor(LONG);
    for (let i = 0, checked = 0; checked < count; i++) {
      const box = targets.nth(i);
      if (await box.isChecked()) continue;
      await box.check();
      checked++;
    }
    await copy.getByLabel('Into slot').selectOption(String(into));
    await copy.getByRole('button', { name: 'Preview the copy' }).click();
    await this.confirmAndFinish(copy);
  }

  /** Writes `text` as the document across slots of the current target: plan, preview, Confirm. */
  async writeDocument(text: string): Promise<void> {
    await this.editor.planDocument(text);
    await this.editor.previewDocument();
    // The write's preview and Confirm follow the document's region, in the page's import panel.
    await this.confirmAndFinish(this.page);
  }

  /**
   * Confirms the preview in `scope` as it is offered and waits for the job's summary (shown in the
   * page's job region, wherever that is); a summary of an earlier job on the page goes first.
   */
  private async confirmAndFinish(scope: Locator | Page): Promise<void> {
    const confirm = scope.getByRole('button', { name: CONFIRM });
    await confirm.waitFor(LONG);
    const summary = this.page.getByText(FINISHED);
    const earlier = await summary.count();
    await confirm.click();
    if (earlier > 0)
      await summary
        .first()
        .waitFor({ state: 'detached', timeout: 5_000 })
        .catch(() => undefined);
    await summary.first().waitFor(LONG);
  }
}

/** The options page's "Back up everything", until the backup is finished. */
export async function backUpEverything(session: ExtensionSession): Promise<Page> {
  const options = await OptionsPage.open(session);
  const region = options.page.getByRole('region', { name: 'Back up everything' });
  await region.getByRole('button', { name: 'Back up everything' }).click();
  await region
    .getByRole('status')
    .filter({ hasText: /^Backup finished: / })
    .waitFor(LONG);
  return options.page;
}

/** The dashboard's Portfolio tab, until every building of the table was read once. */
export async function portfolioRound(session: ExtensionSession, buildings: number): Promise<Page> {
  const dashboard = await DashboardPage.open(session, 'dashboard.html#portfolio');
  const table = dashboard.table('All buildings');
  await table
    .locator('tbody tr')
    .nth(buildings - 1)
    .waitFor(LONG);
  await dashboard.page
    .getByRole('status')
    .filter({ hasText: `All ${buildings} buildings refreshed` })
    .first()
    .waitFor(LONG);
  await table
    .getByText('not read yet')
    .first()
    .waitFor({ state: 'detached', ...LONG });
  return dashboard.page;
}
