/**
 * The items of the header's menu: refresh, where else the same view opens, the other full page's
 * places, settings, each at its icon. A chunk of its own, loaded after the first paint.
 */
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../lib/i18n';
import { MenuIcon } from './menu-icons';
import { chromeSidePanel, firefoxSidebar, openSettings, polyfilled } from './open-views';
import { PLACES, type Place } from './places';

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

export function MenuItems({ onRefresh, offer, closeAfterOpening, places, inPlace }: HeaderActionsProps) {
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
    <>
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
    </>
  );
}
