/**
 * The account's clearing placeholder as a signal the page's views share: loaded once per profile and
 * set when the user accepts it after the server refused an empty title or data.
 */
import { createModel, signal } from '@preact/signals';
import type { AppError } from '../../lib/app-error';
import { DEFAULT_PLACEHOLDER, EMPTY_REFUSAL } from '../../lib/slots/clearing';

/** The stored item (and zod with it) loads after the page's first render. */
const stored = () => import('../../lib/storage/placeholder');

export const Placeholder = createModel((profileId: string) => {
  const value = signal('');
  return {
    value,
    async load(): Promise<void> {
      value.value = await (await stored()).readPlaceholder(profileId).catch(() => '');
    },
    /** Remembers the default placeholder (".") for the account. */
    async accept(): Promise<string> {
      const { rememberPlaceholder } = await stored();
      await rememberPlaceholder(profileId, DEFAULT_PLACEHOLDER);
      value.value = DEFAULT_PLACEHOLDER;
      return DEFAULT_PLACEHOLDER;
    },
  };
});

export type Placeholder = InstanceType<typeof Placeholder>;

/** A save refused because a field was empty: the server wants some text where clearing put none. */
export function refusedEmpty(error: AppError | null, content: { title: string; data: string }): boolean {
  if (!error || (content.title !== '' && content.data !== '')) return false;
  return error.kind === 'validation' && EMPTY_REFUSAL.test(error.message);
}
