/** One slot on screen: the server's value, the edit on top of it, and the state of its save. */
import { computed, createModel, signal } from '@preact/signals';
import type { PageOption, Target } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';
import type { SlotProblem } from '../../lib/slots/validate';
import type { KeptDraft } from '../../lib/storage/storage-room';
import type { HistoryEntry } from '../../lib/storage/history';
import { TableSession } from '../records/table-session';

export const SlotModel = createModel((target: Target, option: number) => {
  const server = signal<PageOption | null>(null);
  const title = signal('');
  const data = signal('');
  /** The value the edit started from (null: not known, an older draft): a save expects the slot to hold it. */
  const start = signal<{ title: string; data: string } | null>(null);
  return {
    /** Which slot of which target: fixed for the model's life (a model holds signals, so these are too). */
    target: computed(() => target),
    option: computed(() => option),
    server,
    /** When `server` was answered (epoch ms; a cached answer's time): what a copy of the value shown says. */
    readAt: signal<number | null>(null),
    loadError: signal<AppError | null>(null),
    title,
    data,
    start,
    saving: signal(false),
    saved: signal(false),
    /** The last save found the slot already holding the fields' text: nothing was sent. */
    unchanged: signal(false),
    saveError: signal<AppError | null>(null),
    blocked: signal<SlotProblem[]>([]),
    conflict: signal<PageOption | null>(null),
    history: signal<HistoryEntry[] | null>(null),
    /** Storage was full at the last save: room was made, or the replaced value could not be kept. */
    storageNotice: signal<{ kind: 'madeRoom' | 'notKept'; replaced: PageOption | null } | null>(null),
    /** A save of text holding a removed token or secret waits for the user to confirm it. */
    confirmRemoved: signal(false),
    /** Storage was full at the last draft write: room was made, or the draft could not be kept. */
    draftNotice: signal<Exclude<KeptDraft, 'kept'> | null>(null),
    /** The user opened or edited it: the full layout shows it even while empty, also once discarded. */
    opened: signal(false),
    /** The data's Table view (records): which view shows and its undo history until the save. */
    table: new TableSession(),
    dirty: computed(() => {
      const known = server.value;
      return known !== null && (title.value !== known.title || data.value !== known.data);
    }),
    /** Puts a value into the fields, with the value it started from (by default, that value). */
    edited(
      nextTitle: string,
      nextData: string,
      nextStart: { title: string; data: string } | null = { title: nextTitle, data: nextData },
    ): void {
      title.value = nextTitle;
      data.value = nextData;
      start.value = nextStart;
    },
  };
});

export type SlotModel = InstanceType<typeof SlotModel>;
