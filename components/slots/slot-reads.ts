/**
 * The slots of one target: drafts first, every cached value at once, then only the stale slots are
 * read, through a bounded pool in slot order, so each slot fills in (or fails) on its own.
 */
import { batch, signal } from '@preact/signals';
import { PageOption, type Target } from '../../lib/api/schemas';
import { SLOT_READ_CONCURRENCY, mapPool } from '../../lib/slots/pool';
import { slotNumbers } from '../../lib/slots/validate';
import { isFresh, optionParts, readCached } from '../../lib/storage/cache';
import { readDrafts, removeDraft } from '../../lib/storage/drafts';
import type { PageContext } from '../page/context';
import { SlotModel } from './slot-model';

export function createSlotReads(page: PageContext) {
  const { profileId } = page;
  const slots = signal<SlotModel[]>([]);
  /** Raised for each target shown: answers for an earlier one are dropped. */
  let generation = 0;

  async function show(target: Target): Promise<void> {
    const mine = ++generation;
    const options = slotNumbers(page.premium.value);
    const models = options.map((option) => new SlotModel(target, option));
    slots.value = models;
    const drafts = await readDrafts(profileId, target, options);
    if (mine !== generation) return;
    for (const model of models) {
      const draft = drafts.get(model.option);
      if (draft) model.edited(draft.title, draft.data, draft.base);
    }
    const stale = await showCached(models, drafts, mine);
    await mapPool(stale, SLOT_READ_CONCURRENCY, (model) => load(model, drafts.has(model.option), mine));
  }

  /** Shows the cached values; returns the slots whose value is missing or older than the window. */
  async function showCached(models: SlotModel[], drafts: Map<number, unknown>, mine: number) {
    const freshMs = await page.freshMs();
    const cached = await Promise.all(
      models.map((m) => readCached(profileId, optionParts(m.target, m.option), PageOption).catch(() => null)),
    );
    if (mine !== generation) return [];
    return models.filter((model, i) => {
      const entry = cached[i];
      if (!entry) return true;
      batch(() => {
        model.server.value = entry.value;
        if (!drafts.has(model.option))
          model.edited(entry.value.title, entry.value.data, entry.value.lastUpdated);
      });
      return !isFresh(entry.savedAt, Date.now(), freshMs);
    });
  }

  async function load(model: SlotModel, hasDraft: boolean, mine: number, force = false): Promise<void> {
    model.loadError.value = null;
    const hint = { priority: force ? ('user' as const) : ('visible' as const), order: model.option };
    const answer = await page.send('readOption', { target: model.target, option: model.option, hint });
    if (mine !== generation) return;
    if (!answer.ok) {
      model.loadError.value = answer.error;
      return;
    }
    batch(() => {
      model.server.value = answer.value;
      if (!hasDraft) model.edited(answer.value.title, answer.value.data, answer.value.lastUpdated);
    });
    // A draft equal to the server's value is nothing to keep.
    if (hasDraft && !model.dirty.value) void removeDraft(profileId, model.target, model.option);
  }

  return {
    slots,
    show,
    clear(): void {
      generation += 1;
      slots.value = [];
    },
    /** Reads the slot again, now (the user asked). */
    retry: (model: SlotModel) => load(model, model.dirty.value, generation, true),
  };
}
