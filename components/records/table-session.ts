/**
 * The state of a text's Table view that outlives the view (the records table, issue 32): which view
 * shows, the one undo history of table edits (kept while switching to the text and back, until the
 * save) and why the text is no table when asked. Small and eager; the table's code loads lazily.
 */
import { createModel, signal } from '@preact/signals';
import type { History, NotATable } from '../../lib/records/types';

export const TableSession = createModel(() => {
  const view = signal<'text' | 'table'>('text');
  const history = signal<History | null>(null);
  const notATable = signal<NotATable | null>(null);
  /** The text the history's present was last written as: a text edit since makes it stale. */
  let written = '';
  /** The open cell editor's commit, while one is open: a save commits it first. */
  let openCommit: (() => boolean) | null = null;
  return {
    view,
    history,
    notATable,
    wrote: (text: string) => {
      written = text;
    },
    /** A cell editor opened (its commit) or closed (null). */
    editing: (commit: (() => boolean) | null) => {
      openCommit = commit;
    },
    /** Keeps an open cell edit before a save; false when its text is refused (the editor says why). */
    commitOpen: (): boolean => openCommit?.() ?? true,
    /** Whether `text` is what the table last wrote (else it was edited as text since). */
    isWritten: (text: string) => text === written,
    show: (next: 'text' | 'table') => {
      view.value = next;
      notATable.value = null;
    },
    /** The text cannot be shown as a table: back to the text, with the reason. */
    refuse: (reason: NotATable) => {
      view.value = 'text';
      notATable.value = reason;
    },
    /** The save wrote the text: the history starts again from it. */
    saved: () => {
      history.value = null;
    },
  };
});
export type TableSession = InstanceType<typeof TableSession>;

/** Worth offering a Table view: JSON whose top level is an array or an object (checked fully on open). */
export const mayBeTable = (text: string) => /^\s*[[{]/.test(text);
