/**
 * The slot editor, shared by the popup (compact: a summary per slot, one editor open at a time)
 * and the editor tab / side panel / dashboard tab (full: every slot with content open, each run of
 * empty slots folded into one line whose slots open with one click).
 */
import { useEffect } from 'preact/hooks';
import { browser } from 'wxt/browser';
import { t } from '../../lib/i18n';
import { ErrorNotice } from '../ErrorNotice';
import { LazyRateLimitNotice } from '../LazyRateLimitNotice';
import { isEmptySlot } from '../../lib/slots/clearing';
import { SlotGrid } from './SlotGrid';
import { SlotList } from './SlotList';
import type { PageContext } from '../page/context';
import { Workspace } from './workspace';
import { useGivenOrOwnModel } from '../shared/given-or-own-model';
import { TargetPicker } from './TargetPicker';
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
        <SlotGrid workspace={workspace} page={page} />
      ) : (
        <SlotList workspace={workspace} page={page} />
      )}
    </section>
  );
}

/** "7 of 20 slots used": slots holding something (a placeholder-only slot counts as empty). */
function SlotUsage({ workspace, page }: { workspace: Workspace; page: PageContext }) {
  const slots = workspace.reads.slots.value;
  const placeholder = page.placeholder.value.value;
  const used = slots.filter((m) => m.server.value && !isEmptySlot(m.server.value, placeholder)).length;
  return <p class="slot-usage">{t('slots_used', [String(used), String(slots.length)])}</p>;
}
