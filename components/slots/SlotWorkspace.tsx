/**
 * The slot editor, shared by the popup (compact: a summary per slot, one editor open at a time)
 * and the editor tab / side panel / dashboard tab (full: every slot with content open, each run of
 * empty slots folded into one line whose slots open with one click).
 */
import { useEffect, useId, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n';
import { ErrorNotice } from '../ErrorNotice';
import { LazyRateLimitNotice } from '../LazyRateLimitNotice';
import { preview } from './HistoryList';
import { isEmptySlot } from '../../lib/slots/clearing';
import { Counter } from './Counter';
import { SlotEditor } from './SlotEditor';
import type { PageContext } from '../page/context';
import type { SlotModel } from './slot-model';
import { Workspace } from './workspace';
import { useGivenOrOwnModel } from '../shared/given-or-own-model';
import { TargetPicker } from './TargetPicker';
import { Time } from '../shared/time';
import './slots.css';

export interface SlotWorkspaceProps {
  layout: 'compact' | 'full';
  /** The page's worker, settings, current target, buildings and factories. */
  page: PageContext;
  /** A workspace shared with other views of the page (the editor's import panel). */
  workspace?: Workspace;
  /** In the full editor: its header holds the target picker and the request-limit notice. */
  inEditor?: boolean;
}

const openSettings = () => void browser.runtime.openOptionsPage();
const openEditor = () => void browser.tabs.create({ url: browser.runtime.getURL('/editor.html') });

export function SlotWorkspace({ layout, page, workspace: given, inEditor = false }: SlotWorkspaceProps) {
  const workspace = useGivenOrOwnModel(given, () => new Workspace(page));
  useEffect(() => {
    workspace.start();
    // Drafts are debounced; whatever is pending is written as soon as the page goes away (and when
    // this view does: a workspace of its own writes them as it is disposed).
    const { flush } = workspace.drafts;
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      if (given) flush();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
    };
  }, [workspace]);

  const settings = page.settings.value;
  return (
    <section class={`slots slots--${layout}${inEditor ? ' slots--editor' : ''}`}>
      {/* In a dashboard the Slots tab names the section; the heading stays for heading navigation. */}
      {layout === 'full' && !inEditor && <h2 class="visually-hidden">{t('slots_heading')}</h2>}
      {layout === 'full' && !inEditor && <LazyRateLimitNotice send={page.send} />}
      {settings.status === 'error' && <ErrorNotice error={settings.error} />}
      <div class="slots__bar">
        {page.current.target.value !== null && <SlotUsage workspace={workspace} page={page} />}
        {!inEditor && (
          <button type="button" class="button button--quiet" onClick={openEditor}>
            {t('slots_openEditor')}
          </button>
        )}
      </div>
      {/* Folded into one line with adding a factory: the slot cards come first. */}
      <div class="slots__more">
        {!inEditor && <TargetPicker page={page} onOpenSettings={openSettings} />}
        <details class="hint slots__about">
          <summary>{t('slots_about')}</summary>
          {page.premium.value ? t('slots_countPremium') : t('slots_countBasic')} {t('slots_counting')}{' '}
          {t('slots_keys')}
        </details>
      </div>
      {page.current.target.value === null ? (
        <p class="empty">{t('slots_noTarget')}</p>
      ) : layout === 'full' ? (
        <FullGrid workspace={workspace} page={page} />
      ) : (
        <CompactList workspace={workspace} page={page} />
      )}
    </section>
  );
}

/** An empty slot folds unless something about it is on screen: an edit, a save, an error, its history. */
function folds(model: SlotModel, placeholder: string): boolean {
  if (!model.server.value || model.loadError.value || model.opened.value) return false;
  if (model.dirty.value || model.saving.value || model.saved.value || model.conflict.value) return false;
  if (model.saveError.value || model.history.value || model.blocked.value.length > 0) return false;
  if (model.storageNotice.value || model.draftNotice.value) return false;
  return isEmptySlot({ title: model.title.value, data: model.data.value }, placeholder);
}

type GridItem = { kind: 'slot'; model: SlotModel } | { kind: 'empty'; models: SlotModel[] };

/** Every slot in order: one with content as its editor, each run of empty ones as one line. */
interface SlotsProps {
  workspace: Workspace;
  page: PageContext;
}

function FullGrid({ workspace, page }: SlotsProps) {
  const placeholder = page.placeholder.value.value;
  const items: GridItem[] = [];
  for (const model of workspace.reads.slots.value) {
    const last = items[items.length - 1];
    if (!folds(model, placeholder)) items.push({ kind: 'slot', model });
    else if (last?.kind === 'empty') last.models.push(model);
    else items.push({ kind: 'empty', models: [model] });
  }
  const open = (model: SlotModel) => {
    model.opened.value = true;
    // Once rendered open, the slot's first field takes the focus the folded line had.
    requestAnimationFrame(() =>
      document.querySelector<HTMLElement>(`[data-slot="${model.option.value}"] input`)?.focus(),
    );
  };
  return (
    <div class="slot-grid">
      {items.map((item) =>
        item.kind === 'slot' ? (
          <SlotEditor
            key={item.model.option.value}
            model={item.model}
            workspace={workspace}
            page={page}
            layout="full"
          />
        ) : (
          <EmptyRun key={`empty-${item.models[0]?.option.value}`} models={item.models} onOpen={open} />
        ),
      )}
    </div>
  );
}

/** "Slots 13–20 empty" and one small button per slot, each slot still a group named "Slot N". */
function EmptyRun({ models, onOpen }: { models: SlotModel[]; onOpen: (model: SlotModel) => void }) {
  const first = String(models[0]?.option.value);
  const last = String(models[models.length - 1]?.option.value);
  return (
    <div class="slot-run">
      <p class="slot-run__label">
        {models.length === 1 ? t('slots_emptyOne', first) : t('slots_emptyRun', [first, last])}
      </p>
      <div class="slot-run__list">
        {models.map((model) => (
          <div
            key={model.option.value}
            role="group"
            aria-label={`Slot ${model.option.value}`}
            class="slot--folded"
          >
            <button
              type="button"
              class="button button--small"
              aria-label={t('slot_edit', String(model.option.value))}
              onClick={() => onOpen(model)}
            >
              {model.option.value}
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}

function CompactList({ workspace, page }: SlotsProps) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ul class="slot-list">
      {workspace.reads.slots.value.map((model) => (
        <li key={model.option.value}>
          {open === model.option.value ? (
            <SlotEditor model={model} workspace={workspace} page={page} layout="compact" />
          ) : (
            <SlotSummary
              model={model}
              placeholder={page.placeholder.value.value}
              onEdit={() => setOpen(model.option.value)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/** "7 of 20 slots used": slots holding something (a placeholder-only slot counts as empty). */
function SlotUsage({ workspace, page }: SlotsProps) {
  const slots = workspace.reads.slots.value;
  const placeholder = page.placeholder.value.value;
  const used = slots.filter((m) => m.server.value && !isEmptySlot(m.server.value, placeholder)).length;
  return <p class="slot-usage">{t('slots_used', [String(used), String(slots.length)])}</p>;
}

function SlotSummary({
  model,
  placeholder,
  onEdit,
}: {
  model: SlotModel;
  placeholder: string;
  onEdit: () => void;
}) {
  const server = model.server.value;
  const empty = isEmptySlot({ title: model.title.value, data: model.data.value }, placeholder);
  const countId = useId();
  return (
    <div class="slot-summary">
      <button
        type="button"
        class="button button--quiet"
        onClick={onEdit}
        aria-label={t('slot_edit', String(model.option.value))}
      >
        {`Slot ${model.option.value}`}
      </button>
      {model.dirty.value && <span class="badge badge--unsaved">{t('slot_unsaved')}</span>}
      {model.loadError.value ? (
        <span class="field-error">{t('error_network_title')}</span>
      ) : !server ? (
        <span class="hint">{t('slot_loading')}</span>
      ) : (
        <>
          <span class="slot-summary__title">{empty ? t('slot_emptyValue') : model.title.value}</span>
          <span class="slot-summary__data">{empty ? '' : preview(model.data.value, 60)}</span>
          <Counter id={countId} field="data" text={empty ? '' : model.data.value} />
          <span class="hint">
            <Time iso={server.lastUpdated} />
          </span>
        </>
      )}
    </div>
  );
}
