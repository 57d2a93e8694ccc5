/**
 * The slot editor, shared by the popup (compact: a summary per slot, one editor open at a time)
 * and the editor tab / side panel (full: every slot open, larger fields).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n';
import { ErrorNotice } from '../ErrorNotice';
import { RateLimitNotice } from '../RateLimitNotice';
import { preview } from './HistoryList';
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
            <SlotSummary model={model} onEdit={() => setOpen(model.option)} />
          )}
        </li>
      ))}
    </ul>
  );
}

function SlotSummary({ model, onEdit }: { model: SlotModel; onEdit: () => void }) {
  const server = model.server.value;
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
          <span class="slot-summary__title">{model.title.value || t('slot_emptyValue')}</span>
          <span class="slot-summary__data">{preview(model.data.value, 60)}</span>
          <span class="hint">
            <Time iso={server.lastUpdated} />
          </span>
        </>
      )}
    </div>
  );
}
