/** One slot on screen: the server's value, the edit on top of it, and the state of its save. */
import { batch, computed, signal } from '@preact/signals';
import type { PageOption, Target } from '../../lib/api/schemas';
import type { AppError } from '../../lib/app-error';
import type { SlotProblem } from '../../lib/slots/validate';
import type { KeptDraft } from '../../lib/storage/storage-room';
import type { HistoryEntry } from '../../lib/storage/history';
import { TableSession } from '../records/table-session';

export class SlotModel {
  readonly server = signal<PageOption | null>(null);
  /** When `server` was answered (epoch ms; a cached answer's time): what a copy of the value shown says. */
  readonly readAt = signal<number | null>(null);
  readonly loadError = signal<AppError | null>(null);
  readonly title = signal('');
  readonly data = signal('');
  /** lastUpdated of the version the edit started from; a save expects the server to still have it. */
  readonly base = signal<string | null>(null);
  /** The value the edit started from (null: not known, an older draft): a save expects the slot to hold it. */
  readonly start = signal<{ title: string; data: string } | null>(null);
  readonly saving = signal(false);
  readonly saved = signal(false);
  readonly saveError = signal<AppError | null>(null);
  readonly blocked = signal<SlotProblem[]>([]);
  readonly conflict = signal<PageOption | null>(null);
  readonly history = signal<HistoryEntry[] | null>(null);
  /** Storage was full at the last save: room was made, or the replaced value could not be kept. */
  readonly storageNotice = signal<{ kind: 'madeRoom' | 'notKept'; replaced: PageOption | null } | null>(null);
  /** A save of text holding a removed token or secret waits for the user to confirm it. */
  readonly confirmRemoved = signal(false);
  /** Storage was full at the last draft write: room was made, or the draft could not be kept. */
  readonly draftNotice = signal<Exclude<KeptDraft, 'kept'> | null>(null);
  /** The data's Table view (records): which view shows and its undo history until the save. */
  readonly table = new TableSession();
  readonly dirty = computed(() => {
    const server = this.server.value;
    return server !== null && (this.title.value !== server.title || this.data.value !== server.data);
  });

  constructor(
    readonly target: Target,
    readonly option: number,
  ) {}

  /** Puts a value into the fields, with the version it started from (by default, that value). */
  edited(
    title: string,
    data: string,
    base: string | null,
    start: { title: string; data: string } | null = { title, data },
  ): void {
    batch(() => {
      this.title.value = title;
      this.data.value = data;
      this.base.value = base;
      this.start.value = start;
    });
  }
}
