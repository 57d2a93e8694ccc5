/**
 * The document text and layout of the editor's current target, kept as a draft (debounced, and at
 * once when the page hides) so closing the tab loses neither; loaded again for that target. With
 * them, the baseline: what each slot held when the user began editing, the value a document's write
 * expects each slot to still hold (as a slot's save expects the version its edit began from).
 * What a job of this extension wrote there, from any tab, moves the baseline on (issue 33, finding 7).
 */
import { createModel, effect, signal } from '@preact/signals';
import type { PageOption, Target } from '../../lib/api/schemas';
import { writtenInTarget } from '../../lib/jobs/document-job';
import { DEFAULT_LAYOUT, type DocumentLayout } from '../../lib/slots/document-layout';
import { type Job, jobFamily } from '../../lib/storage/jobs';
import { type DocumentBase, putDocumentDraft, readDocumentDraft } from '../../lib/storage/document-drafts';
import { TableSession } from '../records/table-session';

const DEBOUNCE_MS = 200;

export const DocumentDraftModel = createModel(() => {
  const text = signal('');
  const layout = signal<DocumentLayout>(DEFAULT_LAYOUT);
  const base = signal<DocumentBase | null>(null);
  let owner: { profileId: string; target: Target } | null = null;
  let pending: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let unwatch: (() => void) | null = null;
  /** Raised for each target opened: a draft read for an earlier one is dropped. */
  let generation = 0;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    pending?.();
    pending = null;
  };

  const keep = () => {
    if (!owner) return;
    const { profileId, target } = owner;
    const draft = {
      text: text.value,
      layout: layout.value,
      savedAt: Date.now(),
      ...(base.value ? { base: base.value } : {}),
    };
    pending = () => void putDocumentDraft(profileId, target, draft);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, DEBOUNCE_MS);
  };

  /** The slots a finished write of this extension left holding these values: the next edit's baseline. */
  const rebase = (written: ReadonlyMap<number, PageOption>, at: number) => {
    const current = base.value;
    if (!current || current.at >= at) return;
    const slots = current.slots.map((slot, i) => written.get(i + 1) ?? slot);
    base.value = { at, slots };
    keep();
  };

  /** A job of any tab or page that ended, once: what it wrote into `target` is no other writer's change. */
  const followJobs = (profileId: string, target: Target) =>
    jobFamily.watch(profileId, (_parts, job: Job | null) => {
      if (!job || job.state === 'running' || job.state === 'paused') return;
      const written = writtenInTarget(job, target);
      if (written.size > 0) rebase(written, job.createdAt);
    });

  // Written at once when the page hides, and when the model goes (the view unmounts).
  effect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      flush();
      unwatch?.();
      window.removeEventListener('pagehide', flush);
    };
  });

  return {
    text,
    layout,
    base,
    /** The text's Table view (records) and its undo history. */
    table: new TableSession(),
    /** Shows the draft of `target` (none: nothing), after writing the one shown before. */
    open: (profileId: string, target: Target | null) => {
      flush();
      const mine = ++generation;
      owner = target ? { profileId, target } : null;
      text.value = '';
      layout.value = DEFAULT_LAYOUT;
      base.value = null;
      unwatch?.();
      unwatch = null;
      if (!target) return;
      unwatch = followJobs(profileId, target);
      void readDocumentDraft(profileId, target)
        .catch(() => null)
        .then((draft) => {
          if (mine !== generation || !draft) return;
          text.value = draft.text;
          layout.value = draft.layout;
          base.value = draft.base ?? null;
        });
    },
    setText: (next: string) => {
      text.value = next;
      // An empty text is no edit: the next one begins again from what the slots hold then.
      if (next === '') base.value = null;
      keep();
    },
    setLayout: (next: DocumentLayout) => {
      layout.value = next;
      keep();
    },
    /**
     * The edit begins from what the slots hold now (`slots`, index 0 = slot 1): kept as the
     * baseline unless one is kept already; `again` starts over from them (the stored document
     * loaded into the text).
     */
    begin: (slots: readonly (PageOption | null)[], again = false) => {
      if (base.value && !again) return;
      base.value = { at: Date.now(), slots: [...slots] };
      keep();
    },
    rebase,
    flush,
  };
});
export type DocumentDraftModel = InstanceType<typeof DocumentDraftModel>;
