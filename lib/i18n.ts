/**
 * The one way UI text is looked up: `i18n.getMessage` with keys checked against the English
 * catalogue. The JSON is imported as a type only, so no catalogue is bundled into the pages; the
 * browser's own namespace is used, so a page's first render needs no polyfill.
 */
import { nativeBrowser } from './native-browser';
import type messages from '../public/_locales/en/messages.json';

export type MessageKey = keyof typeof messages;

/**
 * The localized text of `key`; `$1`-style substitutions are filled by the browser from the
 * message's placeholders. A missing message yields the key itself, so a gap is visible, not blank.
 */
export function t(key: MessageKey, substitutions?: string | string[]): string {
  let text = '';
  try {
    text = nativeBrowser().i18n.getMessage(key, substitutions);
  } catch {
    text = '';
  }
  return text || key;
}

/** Sets the page's language and title from the browser's UI language and the catalogue. */
export function localizeDocument(titleKey: MessageKey): void {
  try {
    document.documentElement.lang = nativeBrowser().i18n.getUILanguage();
  } catch {
    // Keep the page's declared language.
  }
  document.title = t(titleKey);
}
