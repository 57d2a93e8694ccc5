/**
 * The text of an error body, as the user may read it: a JSON message, or the body as plain text
 * (HTML stripped of tags, scripts and styles), whitespace collapsed and cut to a length. Linear in
 * the body's length, even for hostile input.
 */

/**
 * The human-readable message of an error body: a JSON `message`, `detail`, `error` or `errors`;
 * otherwise the body as plain text (HTML stripped of tags, scripts and styles), whitespace
 * collapsed, cut to `max` characters with an ellipsis.
 */
export function serverMessage(contentType: string, text: string, max: number): string {
  const fromJson = jsonMessage(text);
  if (fromJson !== null) return cutAt(collapse(fromJson), max);
  const looksHtml = /html/i.test(contentType) || /^\s*<(!doctype|html|head|body|\w+[\s>])/i.test(text);
  return cutAt(looksHtml ? htmlToText(text) : collapse(text), max);
}

function jsonMessage(text: string): string | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof json === 'string') return json;
  if (!isPlainObject(json)) return null;
  for (const key of ['message', 'detail', 'error', 'errors'] as const) {
    const message = messageOf(json[key]);
    if (message) return message;
  }
  return null;
}

/** A message out of a string, an object with a message, or a list or map of those. */
function messageOf(value: unknown, depth = 0): string {
  if (depth > 3 || value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    return value
      .map((v) => messageOf(v, depth + 1))
      .filter(Boolean)
      .join('; ');
  }
  if (isPlainObject(value)) {
    for (const key of ['message', 'detail', 'msg', 'error'] as const) {
      const message = messageOf(value[key], depth + 1);
      if (!message) continue;
      // { field: 'title', message: 'too long' } inside an `errors` list reads 'title: too long'.
      const field = depth > 0 ? (value.field ?? value.path ?? value.param) : undefined;
      const name = Array.isArray(field) ? field.join('.') : field;
      return typeof name === 'string' && name !== '' ? `${name}: ${message}` : message;
    }
    // A map of field names to messages, as some frameworks send for validation errors.
    return Object.entries(value)
      .map(([field, v]) => {
        const message = messageOf(v, depth + 1);
        return message ? `${field}: ${message}` : '';
      })
      .filter(Boolean)
      .join('; ');
  }
  return '';
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const RAW_TEXT = new Set(['script', 'style', 'noscript', 'template']);
const TAG_START = /<\/?([a-z!?][a-z0-9-]*)/iy;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,8}|#\d{1,8}|[a-z]{1,10});/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
    }
    return ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * HTML to plain text: drops scripts, styles, comments and tags, decodes common entities.
 * One pass from left to right: every search starts where the last one ended, so the time is linear
 * in the length even for hostile input (thousands of unclosed `<script` or `<!--`).
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt === -1) {
      parts.push(html.slice(i));
      break;
    }
    parts.push(html.slice(i, lt));
    if (html.startsWith('<!--', lt)) {
      const end = html.indexOf('-->', lt + 4);
      parts.push(' ');
      i = end === -1 ? html.length : end + 3;
      continue;
    }
    TAG_START.lastIndex = lt;
    const tag = TAG_START.exec(html);
    if (!tag) {
      parts.push('<');
      i = lt + 1;
      continue;
    }
    const gt = html.indexOf('>', TAG_START.lastIndex);
    i = gt === -1 ? html.length : gt + 1;
    parts.push(' ');
    const name = (tag[1] ?? '').toLowerCase();
    if (html[lt + 1] !== '/' && RAW_TEXT.has(name)) {
      // Everything up to the matching end tag is code or style, not text.
      const endTag = new RegExp(`</${name}`, 'gi');
      endTag.lastIndex = i;
      const close = endTag.exec(html)?.index ?? -1;
      if (close === -1) break;
      const closeEnd = html.indexOf('>', close);
      i = closeEnd === -1 ? html.length : closeEnd + 1;
    }
  }
  // Decoding may have produced '<' again; the result is text, but keep it free of tag-like runs.
  // `[^<>]*` stops at the next '<', so this pass is linear too.
  return collapse(decodeEntities(parts.join('')).replace(/<\/?[a-z!?][^<>]*>?/gi, ' '));
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts text longer than `max` characters, ending it with an ellipsis (whitespace kept as is). */
export function cutAt(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
