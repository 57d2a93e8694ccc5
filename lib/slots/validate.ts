/**
 * Checks a slot's content before anything is sent, with the one counting rule of count.ts.
 * Counters, the save button, the worker and the import all ask these functions.
 */
import { BASIC_SLOTS, DATA_MAX, TITLE_MAX, countCharacters, slotCount } from './count';

export type SlotField = 'title' | 'data';

/** How close a text is to its limit: near from 90 % on, over above the limit. */
export type LimitLevel = 'ok' | 'near' | 'over';

export const NEAR_LIMIT_RATIO = 0.9;

export const LIMITS: Record<SlotField, number> = { title: TITLE_MAX, data: DATA_MAX };

export interface FieldCount {
  count: number;
  max: number;
  level: LimitLevel;
}

export function measure(field: SlotField, text: string): FieldCount {
  const max = LIMITS[field];
  const count = countCharacters(text);
  const level: LimitLevel = count > max ? 'over' : count >= Math.ceil(max * NEAR_LIMIT_RATIO) ? 'near' : 'ok';
  return { count, max, level };
}

export type SlotProblem =
  | { kind: 'tooLong'; field: SlotField; count: number; max: number }
  | { kind: 'optionRange'; option: number; max: number };

/** Every reason this content may not be written to slot `option`; empty when it may. */
export function validateSlot(
  content: { title: string; data: string },
  option: number,
  premium: boolean,
): SlotProblem[] {
  const problems: SlotProblem[] = [];
  const maxOption = slotCount(premium);
  if (!Number.isInteger(option) || option < 1 || option > maxOption) {
    problems.push({ kind: 'optionRange', option, max: maxOption });
  }
  for (const field of ['title', 'data'] as const) {
    const { count, max, level } = measure(field, content[field]);
    if (level === 'over') problems.push({ kind: 'tooLong', field, count, max });
  }
  return problems;
}

/** Slot numbers a user with or without premium may read and write: never 11–20 without premium. */
export function slotNumbers(premium: boolean): number[] {
  return Array.from({ length: slotCount(premium) }, (_, i) => i + 1);
}

export { BASIC_SLOTS };

// ---------------------------------------------------------------------------------------------
// JSON data

export type JsonStatus = 'none' | 'valid' | 'invalid';

/**
 * 'valid' when the data parses as a JSON object or array, 'invalid' when it looks like one
 * (starts with { or [) but does not parse, 'none' for other text.
 */
export function jsonStatus(data: string): JsonStatus {
  const text = data.trim();
  if (!text.startsWith('{') && !text.startsWith('[')) return 'none';
  try {
    JSON.parse(text);
    return 'valid';
  } catch {
    return 'invalid';
  }
}

/** Indented with two spaces; null when the data does not parse. */
export function prettyJson(data: string): string | null {
  try {
    return JSON.stringify(JSON.parse(data), null, 2);
  } catch {
    return null;
  }
}

/** Without any whitespace between tokens; null when the data does not parse. */
export function minifyJson(data: string): string | null {
  try {
    return JSON.stringify(JSON.parse(data));
  } catch {
    return null;
  }
}
