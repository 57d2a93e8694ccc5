/**
 * The state every slot view shares, in signals: the targets, the current target and one model per
 * slot. The worker is reached only through the injected `send`; drafts and history through
 * lib/storage. Reads go through a bounded pool, so each slot fills in (or fails) on its own.
 */
import { type ReadonlySignal, batch, computed, effect, signal } from '@preact/signals';
import { type BuildingListEntry, PageOption, type Target } from '../../lib/api/schemas';
import type { Send } from '../../lib/messaging/client';
import type { SettingsView } from '../../lib/messaging/protocol';
import type { AppError } from '../../lib/app-error';
import { sameTarget } from '../../lib/slots/keys';
import { SLOT_READ_CONCURRENCY, mapPool } from '../../lib/slots/pool';
import { type SlotProblem, slotNumbers, validateSlot } from '../../lib/slots/validate';
import { isFresh, optionParts, readCached } from '../../lib/storage/cache';
import { putDraft, readDrafts, removeDraft } from '../../lib/storage/drafts';
import { type HistoryEntry, readHistory } from '../../lib/storage/history';
import { type SavedFactory, forgetFactory, readTargets, rememberFactory } from '../../lib/storage/targets';
import { type CurrentTarget, createCurrentTarget } from '../current-target';
import { createFactoryList } from './factory-list';
import { createPlaceholder } from './placeholder';

/** Drafts are written at most this long after the last keystroke (and at once when the page hides). */
export const DRAFT_DEBOUNCE_MS = 200;

export type Loadable<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'error'; error: AppError };

export class SlotModel {
  readonly server = signal<PageOption | null>(null);
  readonly loadError = signal<AppError | null>(null);
  readonly title = signal('');
  readonly data = signal('');
  /** lastUpdated of the version the edit started from; a save expects the server to still have it. */
  readonly base = signal<string | null>(null);
  readonly saving = signal(false);
  readonly saved = signal(false);
  readonly saveError = signal<AppError | null>(null);
  readonly blocked = signal<SlotProblem[]>([]);
  readonly conflict = signal<PageOption | null>(null);
  readonly history = signal<HistoryEntry[] | null>(null);
  /** Storage was full at the last save: room was made, or the replaced value could not be kept. */
  readonly storageNotice = signal<{ kind: 'madeRoom' | 'notKept'; replaced: PageOption | null } | null>(null);
  readonly dirty = computed(() => {
    const server = this.server.value;
    return server !== null && (this.title.value !== server.title || this.data.value !== server.data);
  });

  constructor(
    readonly target: Target,
    readonly option: number,
  ) {}
}

export interface TargetEntry {
  target: Target;
  name: string;
}

/** What a page's other views share with the slot views, so nothing is asked for twice. */
export interface WorkspaceContext {
  /** The page's way to the worker. */
  send: Send;
  /** The profile the page shows: drafts, history, factories and the current target are its own. */
  profileId: string;
  current: CurrentTarget;
  settings: ReadonlySignal<Loadable<SettingsView>>;
  buildings: ReadonlySignal<Loadable<BuildingListEntry[]>>;
}

/** Alone (the editor page) the workspace loads settings and buildings itself; with `shared` it uses those. */
export function createWorkspace(send: Send, profileId: string, shared?: WorkspaceContext) {
  const current = shared?.current ?? createCurrentTarget(profileId);
  const ownSettings = signal<Loadable<SettingsView>>({ status: 'loading' });
  const ownBuildings = signal<Loadable<BuildingListEntry[]>>({ status: 'loading' });
  const settings = shared?.settings ?? ownSettings;
  const buildings = shared?.buildings ?? ownBuildings;
  const factories = signal<SavedFactory[]>([]);
  /** The account's factories (listed and added by hand, merged by id). */
  const factoryList = createFactoryList(send, profileId, factories);
  /** What this account clears a slot with ('' unless its server refused empty text). */
  const placeholder = createPlaceholder(profileId);
  const target = current.target;
  /** The target whose slots are in `slots` (the current one once settings tell the slot count). */
  let shown: Target | null = null;
  let stopFollowing: (() => void) | null = null;
  const slots = signal<SlotModel[]>([]);
  const premium = computed(() => settings.value.status === 'ready' && settings.value.value.premium);
  const timers = new Map<SlotModel, ReturnType<typeof setTimeout>>();
  let generation = 0;

  async function init(): Promise<void> {
    void factoryList.load();
    void placeholder.load();
    if (shared) {
      factories.value = (await readTargets(profileId)).factories;
    } else {
      const [settingsAnswer, buildingsAnswer, stored, last] = await Promise.all([
        send('getSettings', {}),
        send('listBuildings', {}),
        readTargets(profileId),
        current.load(),
      ]);
      batch(() => {
        ownSettings.value = settingsAnswer.ok
          ? { status: 'ready', value: settingsAnswer.value }
          : { status: 'error', error: settingsAnswer.error };
        ownBuildings.value = buildingsAnswer.ok
          ? { status: 'ready', value: buildingsAnswer.value }
          : { status: 'error', error: buildingsAnswer.error };
        factories.value = stored.factories;
      });
      // A remembered building that is no longer in the list (another token, sold) is not reopened.
      const listed = (t: Target) =>
        t.kind === 'factory' || !buildingsAnswer.ok || buildingsAnswer.value.some((b) => b.id === t.id);
      const first = buildingsAnswer.ok ? buildingsAnswer.value[0] : undefined;
      if (!last || !listed(last)) current.choose(first ? { kind: 'building', id: first.id } : null);
    }
    // The slots follow the current target, whichever view chose it, once the slot count is known.
    stopFollowing ??= effect(() => {
      const next = target.value;
      if (settings.value.status === 'loading') return;
      if (next === null) {
        shown = null;
        slots.value = [];
      } else if (!sameTarget(shown, next)) void show(next);
    });
  }

  /** Makes `next` the current target of every view (its slots are read by the effect above). */
  async function select(next: Target): Promise<void> {
    current.choose(next);
  }

  async function show(next: Target): Promise<void> {
    flush();
    shown = next;
    const mine = ++generation;
    const options = slotNumbers(premium.value);
    const models = options.map((option) => new SlotModel(next, option));
    slots.value = models;
    const drafts = await readDrafts(profileId, next, options);
    if (mine !== generation) return;
    for (const model of models) {
      const draft = drafts.get(model.option);
      if (draft) applyDraftValues(model, draft.title, draft.data, draft.base);
    }
    // Every slot's cached value at once; only what is stale is read, in slot order (visible first).
    const stale = await showCached(models, drafts, mine);
    await mapPool(stale, SLOT_READ_CONCURRENCY, (model) => load(model, drafts.has(model.option), mine));
  }

  /** Shows the cached values; returns the slots whose value is missing or older than the window. */
  async function showCached(models: SlotModel[], drafts: Map<number, unknown>, mine: number) {
    const freshMs = (settings.value.status === 'ready' ? settings.value.value.freshnessMinutes : 5) * 60_000;
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
          applyDraftValues(model, entry.value.title, entry.value.data, entry.value.lastUpdated);
      });
      return !isFresh(entry.savedAt, Date.now(), freshMs);
    });
  }

  function applyDraftValues(model: SlotModel, title: string, data: string, base: string | null) {
    batch(() => {
      model.title.value = title;
      model.data.value = data;
      model.base.value = base;
    });
  }

  async function load(model: SlotModel, hasDraft: boolean, mine: number, force = false): Promise<void> {
    model.loadError.value = null;
    const hint = { priority: force ? ('user' as const) : ('visible' as const), order: model.option };
    const answer = await send('readOption', { target: model.target, option: model.option, hint });
    if (mine !== generation) return;
    if (!answer.ok) {
      model.loadError.value = answer.error;
      return;
    }
    batch(() => {
      model.server.value = answer.value;
      if (!hasDraft) applyDraftValues(model, answer.value.title, answer.value.data, answer.value.lastUpdated);
    });
    // A draft equal to the server's value is nothing to keep.
    if (hasDraft && !model.dirty.value) void removeDraft(profileId, model.target, model.option);
  }

  function retry(model: SlotModel): Promise<void> {
    return load(model, model.dirty.value, generation, true);
  }

  function edit(model: SlotModel, field: 'title' | 'data', value: string): void {
    const fill = placeholder.value.value;
    // A slot shown empty (both fields hold the placeholder): the field not typed in stays empty.
    const other = field === 'title' ? model.data : model.title;
    const cleared = fill !== '' && model.title.value === fill && model.data.value === fill;
    batch(() => {
      if (cleared) other.value = '';
      model[field].value = value;
      model.saved.value = false;
      model.blocked.value = [];
    });
    const timer = timers.get(model);
    if (timer) clearTimeout(timer);
    timers.set(
      model,
      setTimeout(() => void writeDraft(model), DRAFT_DEBOUNCE_MS),
    );
  }

  function writeDraft(model: SlotModel): Promise<void> {
    const timer = timers.get(model);
    if (timer) clearTimeout(timer);
    timers.delete(model);
    if (!model.dirty.value) return removeDraft(profileId, model.target, model.option);
    return putDraft(profileId, model.target, model.option, {
      title: model.title.value,
      data: model.data.value,
      base: model.base.value,
      savedAt: Date.now(),
    });
  }

  /** Writes every pending draft now (the page is being hidden or closed). */
  function flush(): void {
    for (const model of [...timers.keys()]) void writeDraft(model);
  }

  function discard(model: SlotModel): void {
    const server = model.server.value;
    if (!server) return;
    batch(() => {
      applyDraftValues(model, server.title, server.data, server.lastUpdated);
      model.blocked.value = [];
      model.saveError.value = null;
    });
    void writeDraft(model);
  }

  async function save(model: SlotModel): Promise<void> {
    if (model.saving.value || !model.server.value) return;
    const typed = { title: model.title.value, data: model.data.value };
    // An account whose server refused empty text clears with its placeholder instead.
    const fill = placeholder.value.value;
    const title = typed.title === '' && fill ? fill : typed.title;
    const data = typed.data === '' && fill ? fill : typed.data;
    const problems = validateSlot({ title, data }, model.option, premium.value);
    batch(() => {
      model.blocked.value = problems;
      model.saveError.value = null;
      model.saved.value = false;
    });
    if (problems.length > 0) return;
    model.saving.value = true;
    const answer = await send('saveSlot', {
      target: model.target,
      option: model.option,
      title,
      data,
      expectedLastUpdated: model.base.value,
      ...(model.server.value
        ? { expected: { title: model.server.value.title, data: model.server.value.data } }
        : {}),
    });
    model.saving.value = false;
    if (!answer.ok) {
      model.saveError.value = answer.error;
      return;
    }
    if (answer.value.status === 'conflict') {
      model.conflict.value = answer.value.server;
      return;
    }
    const outcome = answer.value;
    const fresh = outcome.option;
    batch(() => {
      model.server.value = fresh;
      model.base.value = fresh.lastUpdated;
      // Keystrokes made while saving stay as a new edit on top of the saved value.
      if (model.title.value === typed.title && model.data.value === typed.data) {
        model.title.value = fresh.title;
        model.data.value = fresh.data;
      }
      model.saved.value = true;
      model.storageNotice.value = outcome.history
        ? { kind: outcome.history, replaced: outcome.replaced ?? null }
        : null;
    });
    await writeDraft(model);
    if (model.history.value !== null) await loadHistory(model);
  }

  /** Conflict: write mine over the version just seen (a newer change would ask again). */
  function keepMine(model: SlotModel): Promise<void> {
    const server = model.conflict.value;
    if (!server) return Promise.resolve();
    batch(() => {
      model.base.value = server.lastUpdated;
      model.conflict.value = null;
    });
    return save(model);
  }

  function takeServer(model: SlotModel): void {
    const server = model.conflict.value;
    if (!server) return;
    batch(() => {
      model.server.value = server;
      model.conflict.value = null;
      applyDraftValues(model, server.title, server.data, server.lastUpdated);
    });
    void writeDraft(model);
  }

  async function loadHistory(model: SlotModel): Promise<void> {
    model.history.value = await readHistory(profileId, model.target, model.option);
  }

  /** Writes an earlier value back through the same checked save (the value it replaces is kept too). */
  function restore(model: SlotModel, entry: HistoryEntry): Promise<void> {
    batch(() => {
      model.title.value = entry.title;
      model.data.value = entry.data;
    });
    return save(model);
  }

  /** The server refused an empty field: remember the placeholder for the account, and save with it. */
  async function clearWithPlaceholder(model: SlotModel): Promise<void> {
    if (!placeholder.value.value) await placeholder.accept();
    return save(model);
  }

  async function addFactory(id: string, name: string): Promise<AppError | null> {
    const factory: Target = { kind: 'factory', id };
    const check = await send('readOption', { target: factory, option: 1 });
    if (!check.ok) return check.error;
    const stored = await rememberFactory(profileId, { id, name });
    factories.value = stored.factories;
    await select(factory);
    return null;
  }

  async function removeFactory(id: string): Promise<void> {
    const stored = await forgetFactory(profileId, id);
    factories.value = stored.factories;
    if (sameTarget(target.value, { kind: 'factory', id })) current.choose(null);
  }

  /** Stops following the current target and writes pending drafts (the view goes away). */
  function dispose(): void {
    flush();
    stopFollowing?.();
    stopFollowing = null;
    if (!shared) current.dispose();
  }

  return {
    profileId,
    settings,
    buildings,
    factories,
    factoryList,
    placeholder,
    target,
    slots,
    premium,
    init,
    select,
    retry,
    edit,
    flush,
    discard,
    save,
    keepMine,
    takeServer,
    loadHistory,
    restore,
    clearWithPlaceholder,
    addFactory,
    removeFactory,
    dispose,
  };
}

export type Workspace = ReturnType<typeof createWorkspace>;
