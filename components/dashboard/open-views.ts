/** Opening the extension's other views from a page: settings, a tab, the side panel (Chrome) or sidebar (Firefox). */
import { nativeBrowser } from '../../lib/native-browser';

/** The polyfill loads on the first click or after the first paint, outside the page's first bytes. */
export const polyfilled = () => import('wxt/browser').then((module) => module.browser);

interface SidePanelApi {
  open(options: { windowId: number }): Promise<void>;
}
interface SidebarApi {
  open(): Promise<void>;
}

export const chromeSidePanel = (): SidePanelApi | undefined =>
  (globalThis as { chrome?: { sidePanel?: SidePanelApi } }).chrome?.sidePanel;
export const firefoxSidebar = (): SidebarApi | undefined => nativeBrowser().sidebarAction;

export function openSettings(closeWindow: boolean): void {
  void polyfilled()
    .then((api) => api.runtime.openOptionsPage())
    .then(() => {
      if (closeWindow) window.close();
    });
}
