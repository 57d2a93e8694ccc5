/** The English UI texts as a user reads them: the catalogue with Chrome's placeholder rules. */
import messages from '../../public/_locales/en/messages.json';
import germanMessages from '../../public/_locales/de/messages.json';

interface Entry {
  message: string;
  placeholders?: Record<string, { content: string }>;
}

const catalogue: Record<string, Entry> = messages;
export type MessageKey = keyof typeof messages;

/** chrome.i18n.getMessage: `$name$` → the placeholder's content, then `$1`…`$9` → substitutions. */
export function msg(key: MessageKey, ...substitutions: string[]): string {
  return msgIn('en', key, ...substitutions);
}

/** The same text in the German interface (`de`) or the English one. */
export function msgIn(lang: 'en' | 'de', key: MessageKey, ...substitutions: string[]): string {
  const entry = (lang === 'de' ? (germanMessages as Record<string, Entry>) : catalogue)[key];
  if (!entry) throw new Error(`no message ${key}`);
  const fill = (text: string) =>
    text.replace(/\$(\$|[1-9])/g, (_, what: string) =>
      what === '$' ? '$' : (substitutions[Number(what) - 1] ?? ''),
    );
  return entry.message.replace(/\$\$|\$([A-Za-z0-9_@]+)\$/g, (whole, placeholder?: string) => {
    if (placeholder === undefined) return '$';
    const content = entry.placeholders?.[placeholder.toLowerCase()]?.content;
    return content === undefined ? whole : fill(content);
  });
}
