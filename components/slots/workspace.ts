/**
 * The slot views' state on top of the page context: the slots of the current target, whichever
 * view chose it, read once the slot count (premium) is known; edits, drafts and saves per slot.
 * Its parts are used as they are (`workspace.reads.slots`, `workspace.saves.save(model)`); what
 * belongs to the page (the target, settings, names, the placeholder) is read from the page context.
 */
import { createModel, effect, signal } from '@preact/signals';
import type { Target } from '../../lib/api/schemas';
import { sameTarget } from '../../lib/slots/keys';
import type { PageContext } from '../page/context';
import { SlotDrafts } from './slot-drafts';
import { SlotReads } from './slot-reads';
import { SlotSaves } from './slot-saves';

export const Workspace = createModel((page: PageContext) => {
  const { current } = page;
  const reads = new SlotReads(page);
  const drafts = new SlotDrafts(page.profileId, page.placeholder.value);
  const saves = new SlotSaves(page, drafts);
  /** Set by the first view that shows the slots: from then on the current target's slots are read. */
  const started = signal(false);
  /** The target whose slots are shown. */
  let shown: Target | null = null;

  // Follows the current target (disposed with the model).
  effect(() => {
    if (!started.value) return;
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

  return {
    reads,
    drafts,
    saves,
    /** Takes a slot's text into the Document section (set by the editor, which has one). */
    asDocument: signal<((text: string) => void) | null>(null),
    /** Starts the page (a no-op when another view did) and shows its current target's slots. */
    start(): void {
      void page.start();
      void page.factories.discover();
      started.value = true;
    },
  };
});

export type Workspace = InstanceType<typeof Workspace>;
