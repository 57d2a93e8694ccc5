/**
 * Clearing a slot: `""` by default; an account whose server refuses empty text clears with a
 * placeholder instead (one public client writes "."), and a slot holding only it counts as empty.
 */
export const DEFAULT_PLACEHOLDER = '.';

/** Whether a slot holds nothing (empty, or only the account's placeholder). */
export const isEmptySlot = (option: { title: string; data: string }, placeholder = '') =>
  (option.title === '' || option.title === placeholder) &&
  (option.data === '' || option.data === placeholder);
