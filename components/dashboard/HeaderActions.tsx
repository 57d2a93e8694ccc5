/** Header buttons of the dashboard pages: refresh, and where else the same view can be opened. */
import { useEffect, useRef } from 'preact/hooks';
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
  return (
    <>
      <button type="button" class="button button--quiet" onClick={onRefresh}>
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
          {t('action_openSidePanel')}
        </button>
      )}
      <button type="button" class="button button--quiet" onClick={() => openSettings(closeAfterOpening)}>
        {t('popup_settings')}
      </button>
    </>
  );
}
