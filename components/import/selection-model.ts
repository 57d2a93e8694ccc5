/**
 * Selected text sent to the editor: the slot it goes to, its title (empty: the slot keeps its
 * current one, read first) and why the current title could not be read.
 */
import { createModel, signal } from '@preact/signals';
import type { Target } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';
import type { Send } from '../../lib/messaging/page-client';

export const SelectionModel = createModel((send: Send) => {
  const slot = signal(1);
  const title = signal('');
  const error = signal<AppError | null>(null);
  return {
    slot,
    title,
    error,
    /** The one-slot document of `text` into `target`, handed to `preview` once its title is known. */
    async submit(target: Target | null, text: string, preview: (document: unknown) => void): Promise<void> {
      if (!target) return;
      error.value = null;
      const option = slot.value;
      let newTitle = title.value;
      if (!newTitle) {
        // An empty title keeps the slot's current one.
        const current = await send('readOption', { target, option });
        if (!current.ok) return void (error.value = current.error);
        newTitle = current.value.title;
      }
      preview({ target, slots: [{ slot: option, title: newTitle, data: text }] });
    },
  };
});
