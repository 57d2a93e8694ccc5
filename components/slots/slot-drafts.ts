/**
 * Unsaved edits as drafts of the profile: written a moment after the last keystroke, at once when
 * the page hides, removed when the edit matches the server again.
 */
import { batch } from '@preact/signals';
import { keepDraft } from '../../lib/storage/storage-room';
import { removeDraft } from '../../lib/storage/drafts';
import type { SlotModel } from './slot-model';

/** Drafts are written at most this long after the last keystroke (and at once when the page hides). */
export const DRAFT_DEBOUNCE_MS = 200;

/** `placeholder`: the account's clearing text ('' for none). */
export function createSlotDrafts(profileId: string, placeholder: { readonly value: string } = { value: '' }) {
  const timers = new Map<SlotModel, ReturnType<typeof setTimeout>>();

  /** Keeps the edit (making room when storage is full); the slot says when it could not. */
  async function write(model: SlotModel): Promise<void> {
    const timer = timers.get(model);
    if (timer) clearTimeout(timer);
    timers.delete(model);
    if (!model.dirty.value) {
      model.draftNotice.value = null;
      return removeDraft(profileId, model.target, model.option);
    }
    const kept = await keepDraft(profileId, model.target, model.option, {
      title: model.title.value,
      data: model.data.value,
      base: model.base.value,
      ...(model.start.value ? { start: model.start.value } : {}),
      savedAt: Date.now(),
    }).catch(() => 'notKept' as const);
    model.draftNotice.value = kept === 'kept' ? null : kept;
  }

  return {
    write,
    edit(model: SlotModel, field: 'title' | 'data', value: string): void {
      const fill = placeholder.value;
      // A slot shown empty (both fields hold the placeholder): the field not typed in stays empty.
      const other = field === 'title' ? model.data : model.title;
      const cleared = fill !== '' && model.title.value === fill && model.data.value === fill;
      batch(() => {
        if (cleared) other.value = '';
        model[field].value = value;
        model.saved.value = false;
        model.blocked.value = [];
      });
      const timer = timers.get(model);
      if (timer) clearTimeout(timer);
      timers.set(
        model,
        setTimeout(() => void write(model), DRAFT_DEBOUNCE_MS),
      );
    },
    /** Writes every pending draft now (the page is being hidden or closed). */
    flush(): void {
      for (const model of [...timers.keys()]) void write(model);
    },
    /** Drops the edit: the fields show the server's value again. */
    discard(model: SlotModel): void {
      const server = model.server.value;
      if (!server) return;
      batch(() => {
        model.edited(server.title, server.data, server.lastUpdated);
        model.blocked.value = [];
        model.saveError.value = null;
      });
      void write(model);
    },
  };
}

export type SlotDrafts = ReturnType<typeof createSlotDrafts>;
