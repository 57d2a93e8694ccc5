/**
 * Header buttons of the dashboard pages: refresh, where else the same view can be opened, settings.
 * Narrow (popup, side panel) they sit in one "Menu" disclosure, so the header stays one row; wide,
 * the same buttons show in the row and the toggle hides (CSS).
 */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { nativeBrowser } from '../../lib/native-browser';

/** The polyfill loads on the first click or after the first paint, outside the page's first bytes. */
const polyfilled = () => import('wxt/browser').then((module) => module.browser);

interface SidePanelApi {
  open(options: { windowId: number }): Promise<void>;
}
interface SidebarApi {
  open(): Promise<void>;
}

const chromeSidePanel = (): SidePanelApi | undefined =>
  (globalThis as { chrome?: { sidePanel?: SidePanelApi } }).chrome?.sidePanel;
const firefoxSidebar = (): SidebarApi | undefined => nativeBrowser().sidebarAction;

export function openSettings(closeWindow: boolean): void {
  void polyfilled()
    .then((api) => api.runtime.openOptionsPage())
    .then(() => {
      if (closeWindow) window.close();
    });
}

export interface HeaderActionsProps {
  onRefresh: () => void;
  /** Which of the other views to offer. */
  offer: { tab?: boolean; sidePanel?: boolean };
  closeAfterOpening: boolean;
}

export function HeaderActions({ onRefresh, offer, closeAfterOpening }: HeaderActionsProps) {
  // Chrome opens the side panel only inside the click's user gesture: know the window beforehand.
  const windowId = useRef<number | null>(null);
  useEffect(() => {
    if (!offer.sidePanel) return;
    void polyfilled()
      .then((api) => api.windows?.getCurrent())
      .then((w) => {
        if (!w) return;
        windowId.current = w.id ?? null;
      })
      .catch(() => undefined);
  }, [offer.sidePanel]);
  const canSidePanel = offer.sidePanel && (chromeSidePanel() || firefoxSidebar());
  const close = () => {
    if (closeAfterOpening) window.close();
  };
  const [open, setOpen] = useState(false);
  const listId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!menu.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div class="menu" ref={menu}>
      <button
        type="button"
        class="button menu__toggle"
        aria-expanded={open ? 'true' : 'false'}
        aria-controls={listId}
        ref={toggle}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">☰ </span>
        {t('menu_label')}
      </button>
      {/* A choice closes the menu (the click bubbles up from the button chosen). */}
      <div
        id={listId}
        class={open ? 'menu__list menu__list--open' : 'menu__list'}
        onClick={() => setOpen(false)}
      >
        <button type="button" class="button button--quiet" onClick={onRefresh}>
          <span aria-hidden="true" class="menu__icon">
            ↻
          </span>
          {t('action_refresh')}
        </button>
        {offer.tab && (
          <button
            type="button"
            class="button button--quiet"
            onClick={() =>
              void polyfilled()
                .then((api) => api.tabs.create({ url: api.runtime.getURL('/dashboard.html') }))
                .then(close)
            }
          >
            <span aria-hidden="true" class="menu__icon">
              ⧉
            </span>
            {t('action_openTab')}
          </button>
        )}
        {canSidePanel && (
          <button
            type="button"
            class="button button--quiet"
            onClick={() => {
              const panel = chromeSidePanel();
              const opening =
                panel && windowId.current !== null
                  ? panel.open({ windowId: windowId.current })
                  : firefoxSidebar()?.open();
              void opening?.then(close).catch(() => undefined);
            }}
          >
            <span aria-hidden="true" class="menu__icon">
              ◨
            </span>
            {t('action_openSidePanel')}
          </button>
        )}
        <button type="button" class="button button--quiet" onClick={() => openSettings(closeAfterOpening)}>
          <span aria-hidden="true" class="menu__icon">
            ⚙
          </span>
          {t('popup_settings')}
        </button>
      </div>
    </div>
  );
}
