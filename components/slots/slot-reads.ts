/**
 * The slots of one target: drafts first, every cached value at once, then only the stale slots are
 * read, through a bounded pool in slot order, so each slot fills in (or fails) on its own. Then the
 * slots follow the answer cache: what a job, a save or an undo read and wrote (anywhere: the worker
 * keeps it there with its time) is shown at once, and never read again while it is fresh.
 */
import { batch, createModel, effect, signal } from '@preact/signals';
import { PageOption, type Target } from '../../lib/api/schemas';
import { SLOT_READ_CONCURRENCY, mapPool } from '../../lib/slots/pool';
import { slotNumbers } from '../../lib/slots/validate';
import { isFresh } from '../../lib/cache/fresh';
import { cacheFamily, optionParts, readCached } from '../../lib/storage/cache';
import { readDrafts, removeDraft } from '../../lib/storage/drafts';
import type { PageContext } from '../page/context';
import { followJobWrites } from './slot-job-writes';
import { SlotModel } from './slot-model';

export const SlotReads = createModel((page: PageContext) => {
  const { profileId } = page;
  const slots = signal<SlotModel[]>([]);
  /** Raised for each target shown: answers for an earlier one are dropped. */
  let generation = 0;

  /** Stops following the cache for the slots shown before. */
  let unfollow: (() => void) | null = null;
  // The cache is followed no longer once the model is disposed.
  effect(() => () => unfollow?.());

  /** A slot's answer the worker just kept (a job's read or write, a save): shown at once. */
  function follow(models: SlotModel[], target: Target): () => void {
    const stopJobs = followJobWrites(profileId, models, target, Date.now());
    const stopCache = cacheFamily.watch(profileId, (parts, entry) => {
      const [kind, type, id, option] = parts;
      if (kind !== 'option' || type !== target.kind || id !== target.id || !entry) return;
      const model = models.find((m) => String(m.option.value) === option);
      const value = PageOption.safeParse(entry.value);
      if (!model || !value.success) return;
      adopt(model, value.data, entry.savedAt);
    });
    return () => (stopJobs(), stopCache());
  }

  /**
   * The server's value as known now, for a slot the user has not edited. An edited slot keeps the
   * value its edit began from: its save is checked against that, so a change made meanwhile is a
   * conflict shown with both values, never taken over silently; but not one a job of this extension
   * made (slot-job-writes.ts).
   */
  function adopt(model: SlotModel, value: PageOption, readAt: number): void {
    if (model.dirty.value || model.saving.value) return;
    batch(() => {
      model.server.value = value;
      model.readAt.value = readAt;
      model.loadError.value = null;
      model.edited(value.title, value.data);
    });
  }

  async function show(target: Target): Promise<void> {
    const mine = ++generation;
    const options = slotNumbers(page.premium.value);
    const models = options.map((option) => new SlotModel(target, option));
    slots.value = models;
    unfollow?.();
    unfollow = follow(models, target);
    const drafts = await readDrafts(profileId, target, options);
    if (mine !== generation) return;
    for (const model of models) {
      const draft = drafts.get(model.option.value);
      if (draft) model.edited(draft.title, draft.data, draft.start ?? null);
    }
    const stale = await showCached(models, drafts, mine);
    await mapPool(stale, SLOT_READ_CONCURRENCY, (model) => load(model, drafts.has(model.option.value), mine));
  }

  /** Shows the cached values; returns the slots whose value is missing or older than the window. */
  async function showCached(models: SlotModel[], drafts: Map<number, unknown>, mine: number) {
    const freshMs = await page.freshMs();
    const cached = await Promise.all(
      models.map((m) =>
        readCached(profileId, optionParts(m.target.value, m.option.value), PageOption).catch(() => null),
      ),
    );
    if (mine !== generation) return [];
    return models.filter((model, i) => {
      const entry = cached[i];
      if (!entry) return true;
      batch(() => {
        model.server.value = entry.value;
        model.readAt.value = entry.savedAt;
        if (!drafts.has(model.option.value)) model.edited(entry.value.title, entry.value.data);
      });
      return !isFresh(entry.savedAt, Date.now(), freshMs);
    });
  }

  async function load(model: SlotModel, hasDraft: boolean, mine: number, force = false): Promise<void> {
    model.loadError.value = null;
    const [target, option] = [model.target.value, model.option.value];
    const hint = { priority: force ? ('user' as const) : ('visible' as const), order: option };
    const answer = await page.send('readOption', { target, option, hint });
    if (mine !== generation) return;
    if (!answer.ok) {
      model.loadError.value = answer.error;
      return;
    }
    // What the user typed while the read waited (a cached value shown meanwhile) is kept as a
    // draft is: its save is checked against the value it began from.
    const keepEdit = hasDraft || model.dirty.value || model.saving.value;
    batch(() => {
      model.server.value = answer.value;
      model.readAt.value = Date.now();
      if (!keepEdit) model.edited(answer.value.title, answer.value.data);
    });
    // A draft equal to the server's value is nothing to keep.
    if (hasDraft && !model.dirty.value) void removeDraft(profileId, target, option);
  }

  return {
    slots,
    /** Shows `target`'s slots: drafts, cached values, then reads of the stale ones. */
    show,
    clear(): void {
      generation += 1;
      unfollow?.();
      unfollow = null;
      slots.value = [];
    },
    /** Reads the slot again, now (the user asked). */
    retry: (model: SlotModel) => load(model, model.dirty.value, generation, true),
  };
});

export type SlotReads = InstanceType<typeof SlotReads>;
