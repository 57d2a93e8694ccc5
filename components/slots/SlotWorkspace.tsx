/**
 * The slot editor, shared by the popup (compact: a summary per slot, one editor open at a time)
 * and the editor tab / side panel (full: every slot open, larger fields).
 */
import { useEffect, useId, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n';
import { ErrorNotice } from '../ErrorNotice';
import { RateLimitNotice } from '../RateLimitNotice';
import { preview } from './HistoryList';
import { isEmptySlot } from '../../lib/slots/clearing';
import { Counter } from './Counter';
import { SlotEditor } from './SlotEditor';
import type { PageContext } from '../page/context';
import type { SlotModel } from './slot-model';
import { type Workspace, createWorkspace } from './workspace';
import { TargetPicker } from './TargetPicker';
import { Time } from './time';
import './slots.css';

export interface SlotWorkspaceProps {
  layout: 'compact' | 'full';
  /** The page's worker, settings, current target, buildings and factories. */
  page: PageContext;
  /** A workspace shared with other views of the page (the editor's import panel). */
  workspace?: Workspace;
}

const openSettings = () => void browser.runtime.openOptionsPage();
const openEditor = () => void browser.tabs.create({ url: browser.runtime.getURL('/editor.html') });

export function SlotWorkspace({ layout, page, workspace: given }: SlotWorkspaceProps) {
  const workspace = useMemo(() => given ?? createWorkspace(page), [page, given]);
  useEffect(() => {
    void workspace.init();
    // Drafts are debounced; whatever is pending is written as soon as the page goes away.
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') workspace.flush();
    };
    window.addEventListener('pagehide', workspace.flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      if (given) workspace.flush();
      else workspace.dispose();
      window.removeEventListener('pagehide', workspace.flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
    };
  }, [workspace]);

  const settings = workspace.settings.value;
  return (
    <section class={`slots slots--${layout}`}>
      {layout === 'full' && <h1>{t('slots_heading')}</h1>}
      <TargetPicker workspace={workspace} onOpenSettings={openSettings} />
      {layout === 'full' && <RateLimitNotice send={page.send} />}
      {settings.status === 'error' && <ErrorNotice error={settings.error} />}
      <p class="hint">
        {workspace.premium.value ? t('slots_countPremium') : t('slots_countBasic')} {t('slots_counting')}{' '}
        {t('slots_keys')}
      </p>
      {workspace.target.value !== null && <SlotUsage workspace={workspace} />}
      {layout === 'compact' && (
        <button type="button" class="button button--quiet" onClick={openEditor}>
          {t('slots_openEditor')}
        </button>
      )}
      {workspace.target.value === null ? (
        <p class="empty">{t('slots_noTarget')}</p>
      ) : layout === 'full' ? (
        <div class="slot-grid">
          {workspace.slots.value.map((model) => (
            <SlotEditor key={model.option} model={model} workspace={workspace} layout="full" />
          ))}
        </div>
      ) : (
        <CompactList workspace={workspace} />
      )}
    </section>
  );
}

function CompactList({ workspace }: { workspace: Workspace }) {
  const [open, setOpen] = useState<number | null>(null);
  return (
    <ul class="slot-list">
      {workspace.slots.value.map((model) => (
        <li key={model.option}>
          {open === model.option ? (
            <SlotEditor model={model} workspace={workspace} layout="compact" />
          ) : (
            <SlotSummary
              model={model}
              placeholder={workspace.placeholder.value.value}
              onEdit={() => setOpen(model.option)}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/** "7 of 20 slots used": slots holding something (a placeholder-only slot counts as empty). */
function SlotUsage({ workspace }: { workspace: Workspace }) {
  const slots = workspace.slots.value;
  const placeholder = workspace.placeholder.value.value;
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
        aria-label={t('slot_edit', String(model.option))}
      >
        {`Slot ${model.option}`}
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
