/**
 * Checks a slot's content before anything is sent, with the one counting rule of count.ts.
 * Counters, the save button, the worker and the import all ask these functions.
 */
import { DATA_MAX, TITLE_MAX, countCharacters, countCodePoints, slotCount } from '../api/slot-limits';

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

/**
 * Whether the server may hold this text although it is past our count: within the limit in code
 * points, as the server counts (count.ts). Such a value is never written by us, nor a reason to
 * refuse a file that holds it.
 */
export function serverMayHold(field: SlotField, text: string): boolean {
  return countCodePoints(text) <= LIMITS[field];
}

/** Slot numbers a user with or without premium may read and write: never 11–20 without premium. */
export function slotNumbers(premium: boolean): number[] {
  return Array.from({ length: slotCount(premium) }, (_, i) => i + 1);
}

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

const TOKEN = /\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null|[{}[\],:])/y;

/**
 * The JSON text laid out again token by token: every string and number stays as written (a
 * reformat must never turn `1234567890123456789` into `1234567890123456800` or `1e999` into
 * `null`). `indent` 0: no whitespace at all; otherwise JSON.stringify's layout. Null when the data
 * does not parse.
 */
function reformatJson(data: string, indent: number): string | null {
  try {
    JSON.parse(data);
  } catch {
    return null;
  }
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(data); match; match = TOKEN.exec(data)) tokens.push(match[1] as string);
  if (indent === 0) return tokens.join('');
  let out = '';
  let depth = 0;
  const newline = () => `\n${' '.repeat(depth * indent)}`;
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    if (token === '{' || token === '[') {
      const empty = next === (token === '{' ? '}' : ']');
      out += token;
      if (!empty) {
        depth += 1;
        out += newline();
      }
    } else if (token === '}' || token === ']') {
      const previous = tokens[i - 1];
      if (previous !== '{' && previous !== '[') {
        depth -= 1;
        out += newline();
      }
      out += token;
    } else if (token === ',') out += `,${newline()}`;
    else if (token === ':') out += ': ';
    else out += token;
  });
  return out;
}

/** Indented with two spaces; null when the data does not parse. Numbers and strings stay as written. */
export function prettyJson(data: string): string | null {
  return reformatJson(data, 2);
}

/** Without any whitespace between tokens; null when the data does not parse. */
export function minifyJson(data: string): string | null {
  return reformatJson(data, 0);
}
