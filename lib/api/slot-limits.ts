/**
 * The API's limits on a slot (its title's and data's length, the slots of a building) and the one
 * counting rule for them, used by the client's checks, counters, validators and the import.
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

/**
 * Code points, as the server is known to count at least as leniently: it holds a title of 40 emoji
 * (80 UTF-16 code units) written by another client. A value read from it may pass our count while
 * within this one (docs/decisions.md, "characters"). A lone surrogate counts 1.
 */
export function countCodePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (code >= 0xd800 && code < 0xdc00 && next >= 0xdc00 && next < 0xe000) i++;
    count++;
  }
  return count;
}

export const TITLE_MAX = 64;
export const DATA_MAX = 2400;
export const BASIC_SLOTS = 10;
export const PREMIUM_SLOTS = 20;

export function slotCount(premium: boolean): number {
  return premium ? PREMIUM_SLOTS : BASIC_SLOTS;
}
