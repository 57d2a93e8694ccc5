/**
 * The slot views' state on top of the page context: the slots of the current target, whichever
 * view chose it, read once the slot count (premium) is known; edits, drafts and saves per slot.
 */
import { effect, signal } from '@preact/signals';
import type { Target } from '../../lib/api/schemas';
import { sameTarget } from '../../lib/slots/keys';
import type { PageContext } from '../page/context';
import { createSlotDrafts } from './slot-drafts';
import { createSlotReads } from './slot-reads';
import { createSlotSaves } from './slot-saves';
import type { SlotModel } from './slot-model';

export function createWorkspace(page: PageContext) {
  const { current } = page;
  const reads = createSlotReads(page);
  const drafts = createSlotDrafts(page.profileId, page.placeholder.value);
  const saves = createSlotSaves(page, drafts);
  /** The target whose slots are shown. */
  let shown: Target | null = null;
  let stopFollowing: (() => void) | null = null;
  /** Empty slots the user opened or edited: the full layout folds the others into one line per run. */
  const unfolded = signal<ReadonlySet<SlotModel>>(new Set());
  const unfold = (model: SlotModel) => {
    if (!unfolded.peek().has(model)) unfolded.value = new Set([...unfolded.peek(), model]);
  };

  return {
    page,
    settings: page.settings,
    premium: page.premium,
    buildings: page.buildings.list,
    factories: page.factories.list,
    target: current.target,
    slots: reads.slots,
    /** Starts the page (a no-op when another view did) and follows its current target. */
    async init(): Promise<void> {
      void page.start();
      void page.factories.discover();
      stopFollowing ??= effect(() => {
        const next = current.target.value;
        if (page.settings.value.status === 'loading') return;
        // A remembered building is read only once the list holds it: another account's building
        // (a changed token) is replaced by the list's first one before any of its slots is asked for.
        const listed = page.buildings.list.value;
        if (next?.kind === 'building' && listed.status !== 'error') {
          if (listed.status !== 'ready' || !listed.value.some((b) => b.id === next.id)) return;
        }
        if (next === null) {
          shown = null;
          reads.clear();
        } else if (!sameTarget(shown, next)) {
          drafts.flush();
          shown = next;
          void reads.show(next);
        }
      });
    },
    /** Makes `next` the current target of every view (its slots are read by the effect above). */
    select: (next: Target) => current.choose(next),
    retry: reads.retry,
    unfolded,
    unfold,
    /** Takes a slot's text into the Document section (set by the editor, which has one). */
    asDocument: signal<((text: string) => void) | null>(null),
    // A slot being worked on stays open, also once its edit is discarded.
    edit: (...args: Parameters<typeof drafts.edit>) => {
      unfold(args[0]);
      return drafts.edit(...args);
    },
    flush: drafts.flush,
    discard: (...args: Parameters<typeof drafts.discard>) => {
      unfold(args[0]);
      return drafts.discard(...args);
    },
    save: saves.save,
    keepMine: saves.keepMine,
    takeServer: saves.takeServer,
    loadHistory: saves.loadHistory,
    restore: saves.restore,
    /** What this account clears a slot with ('' unless its server refused empty text). */
    placeholder: page.placeholder,
    clearWithPlaceholder: saves.clearWithPlaceholder,
    addFactory: page.factories.add,
    removeFactory: page.factories.remove,
    /** Stops following the current target and writes pending drafts (the view goes away). */
    dispose(): void {
      drafts.flush();
      stopFollowing?.();
      stopFollowing = null;
    },
  };
}

export type Workspace = ReturnType<typeof createWorkspace>;
