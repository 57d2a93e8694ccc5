/**
 * Saving a slot through the worker's checked save: blocked when a rule is broken, a conflict when
 * the server's value moved (keep mine or take the server's), history and its restore.
 */
import { batch, createModel } from '@preact/signals';
import { holdsRemoved } from '../../lib/api/redact';
import { validateSlot } from '../../lib/slots/validate';
import { type HistoryEntry, readHistory } from '../../lib/storage/history';
import type { PageContext } from '../page/context';
import type { SlotDrafts } from './slot-drafts';
import type { SlotModel } from './slot-model';

export const SlotSaves = createModel((page: PageContext, drafts: SlotDrafts) => {
  async function loadHistory(model: SlotModel): Promise<void> {
    model.history.value = await readHistory(page.profileId, model.target.value, model.option.value);
  }

  /** `confirmed`: the user agreed to write a removed token or secret's marker as shown. */
  async function save(model: SlotModel, confirmed = false): Promise<void> {
    const server = model.server.value;
    if (model.saving.value || !server) return;
    // A cell still open in the Table view is kept first; refused, it stays open and says why.
    if (!model.table.commitOpen()) return;
    const typed = { title: model.title.value, data: model.data.value };
    // An account whose server refused empty text clears with its placeholder instead.
    const fill = page.placeholder.value.value;
    const title = typed.title === '' && fill ? fill : typed.title;
    const data = typed.data === '' && fill ? fill : typed.data;
    const problems = validateSlot({ title, data }, model.option.value, page.premium.value);
    const unchanged = problems.length === 0 && title === server.title && data === server.data;
    batch(() => {
      model.blocked.value = problems;
      model.saveError.value = null;
      model.saved.value = false;
      model.unchanged.value = unchanged;
    });
    // The slot holds this already (a table opened and saved without an edit): no request is spent.
    if (problems.length > 0 || unchanged) return;
    // The slot holds a credential shown as its marker: writing the marker over it is asked first.
    const removed = holdsRemoved(server.title, server.data) && holdsRemoved(title, data);
    model.confirmRemoved.value = removed && !confirmed;
    if (model.confirmRemoved.value) return;
    model.saving.value = true;
    const answer = await page.send('saveSlot', {
      target: model.target.value,
      option: model.option.value,
      title,
      data,
      expected: model.start.value ?? { title: server.title, data: server.data },
    });
    model.saving.value = false;
    if (!answer.ok) {
      model.saveError.value = answer.error;
      return;
    }
    if (answer.value.status === 'conflict') {
      model.conflict.value = answer.value.server;
      return;
    }
    const outcome = answer.value;
    const fresh = outcome.option;
    batch(() => {
      model.server.value = fresh;
      model.start.value = { title: fresh.title, data: fresh.data };
      // Keystrokes made while saving stay as a new edit on top of the saved value.
      if (model.title.value === typed.title && model.data.value === typed.data) {
        model.title.value = fresh.title;
        model.data.value = fresh.data;
      }
      model.saved.value = true;
      model.table.saved();
      model.storageNotice.value = outcome.history
        ? { kind: outcome.history, replaced: outcome.replaced ?? null }
        : null;
    });
    await drafts.write(model);
    if (model.history.value !== null) await loadHistory(model);
  }

  return {
    save,
    loadHistory,
    /** The server refused an empty field: remember the placeholder for the account, and save with it. */
    async clearWithPlaceholder(model: SlotModel): Promise<void> {
      if (!page.placeholder.value.value) await page.placeholder.accept();
      return save(model);
    },
    /** Conflict: write mine over the version just seen (a newer change would ask again). */
    keepMine(model: SlotModel): Promise<void> {
      const server = model.conflict.value;
      if (!server) return Promise.resolve();
      model.start.value = { title: server.title, data: server.data };
      model.conflict.value = null;
      return save(model);
    },
    takeServer(model: SlotModel): void {
      const server = model.conflict.value;
      if (!server) return;
      model.server.value = server;
      model.conflict.value = null;
      model.edited(server.title, server.data);
      void drafts.write(model);
    },
    /** Writes an earlier value back through the same checked save (the value it replaces is kept too). */
    restore(model: SlotModel, entry: HistoryEntry): Promise<void> {
      model.title.value = entry.title;
      model.data.value = entry.data;
      return save(model);
    },
  };
});

export type SlotSaves = InstanceType<typeof SlotSaves>;
