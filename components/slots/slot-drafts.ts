/**
 * Unsaved edits as drafts of the profile: written a moment after the last keystroke, at once when
 * the page hides or the model goes, removed when the edit matches the server again.
 */
import { createModel, effect } from '@preact/signals';
import { keepDraft } from '../../lib/storage/storage-room';
import { removeDraft } from '../../lib/storage/drafts';
import type { SlotModel } from './slot-model';

/** Drafts are written at most this long after the last keystroke (and at once when the page hides). */
export const DRAFT_DEBOUNCE_MS = 200;

/** `placeholder`: the account's clearing text ('' for none). */
export const SlotDrafts = createModel(
  (profileId: string, placeholder: { readonly value: string } = { value: '' }) => {
    const timers = new Map<SlotModel, ReturnType<typeof setTimeout>>();

    /** Keeps the edit (making room when storage is full); the slot says when it could not. */
    async function write(model: SlotModel): Promise<void> {
      const timer = timers.get(model);
      if (timer) clearTimeout(timer);
      timers.delete(model);
      const [target, option] = [model.target.value, model.option.value];
      if (!model.dirty.value) {
        model.draftNotice.value = null;
        return removeDraft(profileId, target, option);
      }
      const kept = await keepDraft(profileId, target, option, {
        title: model.title.value,
        data: model.data.value,
        ...(model.start.value ? { start: model.start.value } : {}),
        savedAt: Date.now(),
      }).catch(() => 'notKept' as const);
      model.draftNotice.value = kept === 'kept' ? null : kept;
    }

    /** Writes every pending draft now (the page is being hidden or closed). */
    const flush = () => {
      for (const model of [...timers.keys()]) void write(model);
    };
    // Whatever is pending is written when the model is disposed (its view goes away).
    effect(() => flush);

    return {
      write,
      flush,
      /** A keystroke: the slot stays open, its draft is written a moment after the last one. */
      edit(model: SlotModel, field: 'title' | 'data', value: string): void {
        const fill = placeholder.value;
        // A slot shown empty (both fields hold the placeholder): the field not typed in stays empty.
        const other = field === 'title' ? model.data : model.title;
        const cleared = fill !== '' && model.title.value === fill && model.data.value === fill;
        if (cleared) other.value = '';
        model[field].value = value;
        model.saved.value = false;
        model.unchanged.value = false;
        model.blocked.value = [];
        model.opened.value = true;
        const timer = timers.get(model);
        if (timer) clearTimeout(timer);
        timers.set(
          model,
          setTimeout(() => void write(model), DRAFT_DEBOUNCE_MS),
        );
      },
      /** Drops the edit: the fields show the server's value again; the slot stays open. */
      discard(model: SlotModel): void {
        model.opened.value = true;
        const server = model.server.value;
        if (!server) return;
        model.edited(server.title, server.data);
        model.blocked.value = [];
        model.saveError.value = null;
        void write(model);
      },
    };
  },
);

export type SlotDrafts = InstanceType<typeof SlotDrafts>;
