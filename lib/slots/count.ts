/**
 * The one counting rule for slot titles and data, used by counters, validators and the import.
 *
 * The API states limits in "characters" without saying which kind. We count UTF-16 code units
 * (JavaScript's `length`): it is what a JavaScript server checks, and it is never smaller than a
 * count of code points or of grapheme clusters, so text we accept is accepted under any reading.
 * Most characters, umlauts and ß included, count 1; emoji and other astral characters count 2;
 * a combining mark counts 1 on its own.
 */
export function countCharacters(text: string): number {
  return text.length;
}

export const TITLE_MAX = 64;
export const DATA_MAX = 2400;
export const BASIC_SLOTS = 10;
export const PREMIUM_SLOTS = 20;

export function slotCount(premium: boolean): number {
  return premium ? PREMIUM_SLOTS : BASIC_SLOTS;
}
