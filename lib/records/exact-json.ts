/**
 * JSON read and written exactly as it was: key order, duplicate keys (so they can be reported),
 * number literals (`80000.50`, `9007199254740993`, `1e3`) and string literals with their escapes.
 * JSON.parse and lossless-json lose the last two (docs/decisions.md, "Records: exact JSON").
 * Accepts exactly what JSON.parse accepts. Objects are entry lists, never plain objects, so
 * `__proto__` and `constructor` are keys like any other.
 */
import type { Entry, Json, ParseResult } from './types';

/** Deeper nesting is refused rather than overflowing the stack when written back. */
export const MAX_DEPTH = 1000;

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// A string literal: no raw control characters, only JSON's escapes.
// eslint-disable-next-line no-control-regex -- JSON forbids them raw in a string
const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const SPACE = /[ \t\n\r]*/y;

class SyntaxAt {
  constructor(readonly offset: number) {}
}

type Open =
  | { kind: 'array'; items: Json[] }
  | { kind: 'object'; entries: Entry[]; key: string; rawKey: string | undefined };

/** A string literal's value: the raw text between the quotes unless it holds an escape. */
function stringValue(raw: string): string {
  return raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
}

export function parseExact(text: string): ParseResult {
  try {
    return { ok: true, value: parse(text) };
  } catch (error) {
    if (error instanceof SyntaxAt) return { ok: false, code: 'syntax', offset: error.offset };
    throw error;
  }
}

/** One pass with an explicit stack of open arrays and objects. */
function parse(text: string): Json {
  let i = 0;
  const stack: Open[] = [];
  const space = () => {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return; // minified text: no regex
    SPACE.lastIndex = i;
    SPACE.exec(text);
    i = SPACE.lastIndex;
  };
  const string = (): string => {
    STRING.lastIndex = i;
    const match = STRING.exec(text);
    if (!match) throw new SyntaxAt(i);
    i += match[0].length;
    return match[0];
  };
  const word = (w: string) => {
    if (!text.startsWith(w, i)) throw new SyntaxAt(i);
    i += w.length;
  };
  /** Reads an object key and its colon; leaves `i` at the value. */
  const key = (open: Extract<Open, { kind: 'object' }>) => {
    if (text[i] !== '"') throw new SyntaxAt(i);
    const raw = string();
    open.key = stringValue(raw);
    open.rawKey = raw.includes('\\') ? raw : undefined;
    space();
    if (text[i] !== ':') throw new SyntaxAt(i);
    i++;
    space();
  };
  space();
  for (;;) {
    // Read one value (or open a container).
    let value: Json | undefined;
    const c = text[i];
    if (c === '{' || c === '[') {
      if (stack.length >= MAX_DEPTH) throw new SyntaxAt(i);
      i++;
      space();
      if (c === '[') {
        if (text[i] === ']') {
          i++;
          value = { kind: 'array', items: [] };
        } else {
          stack.push({ kind: 'array', items: [] });
          continue;
        }
      } else if (text[i] === '}') {
        i++;
        value = { kind: 'object', entries: [] };
      } else {
        const open: Open = { kind: 'object', entries: [], key: '', rawKey: undefined };
        stack.push(open);
        key(open);
        continue;
      }
    } else if (c === '"') {
      const raw = string();
      value = { kind: 'string', value: stringValue(raw), raw };
    } else if (c === 't') {
      word('true');
      value = { kind: 'boolean', value: true };
    } else if (c === 'f') {
      word('false');
      value = { kind: 'boolean', value: false };
    } else if (c === 'n') {
      word('null');
      value = { kind: 'null' };
    } else {
      NUMBER.lastIndex = i;
      const match = NUMBER.exec(text);
      if (!match) throw new SyntaxAt(i);
      i += match[0].length;
      value = { kind: 'number', raw: match[0] };
    }
    // Hand it to the open containers, closing those that end here.
    for (;;) {
      space();
      const top = stack[stack.length - 1];
      if (!top) {
        if (i !== text.length) throw new SyntaxAt(i);
        return value;
      }
      if (top.kind === 'array') top.items.push(value);
      else top.entries.push(top.rawKey === undefined ? [top.key, value] : [top.key, value, top.rawKey]);
      const next = text[i];
      if (next === ',') {
        i++;
        space();
        if (top.kind === 'object') key(top);
        break;
      }
      if ((top.kind === 'array' && next === ']') || (top.kind === 'object' && next === '}')) {
        i++;
        stack.pop();
        value =
          top.kind === 'array'
            ? { kind: 'array', items: top.items }
            : { kind: 'object', entries: top.entries };
        continue;
      }
      throw new SyntaxAt(i);
    }
  }
}

// eslint-disable-next-line no-control-regex -- the characters JSON must escape
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

/** A key or new string as a JSON literal (as written when it needs no escape). */
export function quote(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

export function keyLiteral(entry: Entry): string {
  return entry[2] ?? quote(entry[0]);
}

export function minify(value: Json): string {
  switch (value.kind) {
    case 'string':
      return value.raw;
    case 'number':
      return value.raw;
    case 'boolean':
      return value.value ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'array':
      return `[${value.items.map(minify).join(',')}]`;
    case 'object':
      return minifyEntries(value.entries);
  }
}

export function minifyEntries(entries: readonly Entry[]): string {
  let out = '{';
  for (let k = 0; k < entries.length; k++) {
    const entry = entries[k] as Entry;
    if (k > 0) out += ',';
    out += `${keyLiteral(entry)}:${minify(entry[1])}`;
  }
  return `${out}}`;
}

/** A new string value, its literal as JSON.stringify writes it. */
export const jsonString = (value: string): Json => ({ kind: 'string', value, raw: quote(value) });
export const jsonNull: Json = { kind: 'null' };
