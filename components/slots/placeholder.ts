/**
 * The account's clearing placeholder as a signal the slot views share: loaded once per profile and
 * set when the user accepts it after the server refused an empty title or data.
 */
import { signal } from '@preact/signals';
import type { AppError } from '../../lib/app-error';
import { DEFAULT_PLACEHOLDER, readPlaceholder, rememberPlaceholder } from '../../lib/storage/placeholder';

export function createPlaceholder(profileId: string) {
  const value = signal('');
  return {
    value,
    async load(): Promise<void> {
      value.value = await readPlaceholder(profileId).catch(() => '');
    },
    async accept(text = DEFAULT_PLACEHOLDER): Promise<string> {
      await rememberPlaceholder(profileId, text);
      value.value = text;
      return text;
    },
  };
}

export type Placeholder = ReturnType<typeof createPlaceholder>;

/** A save refused because a field was empty: the server wants some text where clearing put none. */
export function refusedEmpty(error: AppError | null, content: { title: string; data: string }): boolean {
  if (!error || (content.title !== '' && content.data !== '')) return false;
  return error.kind === 'validation';
}
