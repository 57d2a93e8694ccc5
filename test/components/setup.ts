/**
 * Component tests see real English text: the fake browser's i18n answers from the English
 * catalogue with Chrome's placeholder rules, so a test asserts what a user would read.
 */
import { cleanup, configure } from '@testing-library/preact';
import { afterEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import messages from '../../public/_locales/en/messages.json';

// findBy… and waitFor wait up to 10 s, not 1: these tests share 2 cores with the unit tests' sandboxes.
configure({ asyncUtilTimeout: 10_000 });

interface Entry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

const catalogue: Record<string, Entry> = messages;

/** chrome.i18n.getMessage: `$name$` → the placeholder's content, then `$1`…`$9` → substitutions, `$$` → `$`. */
export function getMessage(name: string, substitutions?: string | string[]): string {
  const entry = catalogue[name];
  if (!entry) return '';
  const args =
    substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
  const fill = (text: string) =>
    text.replace(/\$(\$|[1-9])/g, (_, what: string) => (what === '$' ? '$' : (args[Number(what) - 1] ?? '')));
  return entry.message.replace(/\$\$|\$([A-Za-z0-9_@]+)\$/g, (whole, placeholder?: string) => {
    if (placeholder === undefined) return '$';
    const content = entry.placeholders?.[placeholder.toLowerCase()]?.content;
    return content === undefined ? whole : fill(content);
  });
}

fakeBrowser.i18n.getMessage = getMessage as typeof fakeBrowser.i18n.getMessage;
fakeBrowser.i18n.getUILanguage = () => 'en';

afterEach(() => {
  cleanup();
});
