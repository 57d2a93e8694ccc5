/**
 * Clearing a slot: `""` by default; an account whose server refuses empty text clears with a
 * placeholder instead (one public client writes "."), and a slot holding only it counts as empty.
 */
export const DEFAULT_PLACEHOLDER = '.';

/**
 * What a refusal of an empty field says (the wording is not documented): required, empty, missing,
 * blank, in English or German. Another validation error of a write with an empty field (too long,
 * not JSON) is not about the emptiness and offers no placeholder.
 */
export const EMPTY_REFUSAL = /required|empty|missing|blank|erforderlich|leer|fehlt|pflicht/i;

/** Whether a slot holds nothing (empty, or only the account's placeholder). */
export const isEmptySlot = (option: { title: string; data: string }, placeholder = '') =>
  (option.title === '' || option.title === placeholder) &&
  (option.data === '' || option.data === placeholder);
