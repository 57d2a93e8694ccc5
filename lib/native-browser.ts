/**
 * The browser's own extension namespace (Firefox: `browser`, Chromium: `chrome`) for the few calls
 * a page's first render makes: the synchronous i18n lookups and one storage read, which behave
 * alike in both under MV3 (the read returns a promise). webextension-polyfill (`wxt/browser`) stays
 * the way to everything else; it loads after a page's first paint, outside its first bytes.
 */
export interface NativeBrowser {
  i18n: {
    getMessage(key: string, substitutions?: string | string[]): string;
    getUILanguage(): string;
  };
  storage: { local: { get(keys: string | string[]): Promise<Record<string, unknown>> } };
  /** Firefox's sidebar; its `open` must be called inside the click's user gesture. */
  sidebarAction?: { open(): Promise<void> };
}

export function nativeBrowser(): NativeBrowser {
  const scope = globalThis as { browser?: NativeBrowser; chrome?: NativeBrowser };
  const api = scope.browser ?? scope.chrome;
  if (!api) throw new Error('no extension API in this context');
  return api;
}
