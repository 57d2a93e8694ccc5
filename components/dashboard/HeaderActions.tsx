/**
 * The header's menu of every page but the options: refresh, where else the same view opens, the
 * other full page's places (the dashboard, the editor's sections), settings; one "Menu" disclosure
 * (Menu.tsx), so the header stays one row.
 */
import { useEffect, useRef } from 'preact/hooks';
import { type MessageKey, t } from '../../lib/i18n';
import { nativeBrowser } from '../../lib/native-browser';
import { Menu } from './Menu';
import { type IconName, MenuIcon } from './menu-icons';

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

/** The places of the two full pages a menu leads to: the dashboard and the editor's sections. */
const PLACES = {
  dashboard: { path: '/dashboard.html', label: 'nav_dashboard', icon: 'dashboard' },
  import: { path: '/editor.html#import-export', label: 'editor_tab_import', icon: 'importExport' },
  document: { path: '/editor.html#document', label: 'editor_tab_document', icon: 'document' },
  backup: { path: '/editor.html#backup', label: 'editor_tab_backup', icon: 'backup' },
} as const satisfies Record<string, { path: string; label: MessageKey; icon: IconName }>;

export type Place = keyof typeof PLACES;
/** What the editor's menu leads to, and a dashboard's. */
export const EDITOR_PLACES: readonly Place[] = ['dashboard'];
export const DASHBOARD_PLACES: readonly Place[] = ['import', 'document', 'backup'];

export interface HeaderActionsProps {
  onRefresh?: () => void;
  /** Which of the other views to offer. */
  offer: { tab?: boolean; sidePanel?: boolean };
  closeAfterOpening: boolean;
  /** The other full page's places this menu leads to. */
  places: readonly Place[];
  /** A full tab goes there itself (Back returns); the popup and the side panel open a tab. */
  inPlace: boolean;
}

export function HeaderActions({ onRefresh, offer, closeAfterOpening, places, inPlace }: HeaderActionsProps) {
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
  const openTab = (path: `/${'dashboard' | 'editor'}.html${string}`) =>
    void polyfilled()
      .then((api) => api.tabs.create({ url: api.runtime.getURL(path) }))
      .then(close);
  return (
    <Menu>
      {onRefresh && (
        <button type="button" class="button button--quiet" onClick={onRefresh}>
          <MenuIcon name="refresh" />
          {t('action_refresh')}
        </button>
      )}
      {offer.tab && (
        <button type="button" class="button button--quiet" onClick={() => openTab('/dashboard.html')}>
          <MenuIcon name="openTab" />
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
          <MenuIcon name="sidePanel" />
          {t('action_openSidePanel')}
        </button>
      )}
      {places.map((key) => {
        const place = PLACES[key];
        return (
          <a
            key={key}
            class="button button--quiet"
            href={place.path}
            onClick={(event) => {
              if (inPlace) return;
              event.preventDefault();
              openTab(place.path);
            }}
          >
            <MenuIcon name={place.icon} />
            {t(place.label)}
          </a>
        );
      })}
      <button type="button" class="button button--quiet" onClick={() => openSettings(closeAfterOpening)}>
        <MenuIcon name="settings" />
        {t('popup_settings')}
      </button>
    </Menu>
  );
}
