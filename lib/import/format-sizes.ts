/**
 * How large an import document may be, measured before anything of it is parsed: in UTF-8 bytes
 * of its JSON text, 256 KB per target.
 */
import { type ImportProblem, MAX_IMPORT_TARGETS } from './format-schema';

/** A document's size limit, in bytes of its JSON text (UTF-8): checked before anything is parsed. */
export const MAX_IMPORT_BYTES = 256 * 1024;
/** No document of any shape is larger: checked before the text is parsed. */
export const MAX_DOCUMENT_BYTES = MAX_IMPORT_BYTES * MAX_IMPORT_TARGETS;

const kb = (bytes: number) => Math.ceil(bytes / 1024);

/** The UTF-8 size of a text, counted without allocating a copy of it. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** The problem of a document of `bytes` bytes, over `max` (MAX_IMPORT_BYTES for one target). */
export function fileTooLarge(bytes: number, max = MAX_IMPORT_BYTES): ImportProblem {
  return {
    path: '(document)',
    message: `${kb(bytes)} KB, at most ${kb(max)} KB; nothing of it was read`,
  };
}

/** The size problem of a document's text, or null when it is within `max` bytes. */
export function sizeProblem(text: string, max = MAX_IMPORT_BYTES): ImportProblem | null {
  // A UTF-8 byte count is at most 3 per UTF-16 code unit: a text this short cannot be too large.
  if (text.length * 3 <= max) return null;
  const bytes = utf8Bytes(text);
  return bytes > max ? fileTooLarge(bytes, max) : null;
}

/**
 * The size problem of a document's text before it is parsed: a text naming no `"targets"` cannot
 * be a document with several targets, so it is held to one target's limit at once.
 */
export function documentSizeProblem(text: string): ImportProblem | null {
  const multi = text.length * 3 > MAX_IMPORT_BYTES && text.includes('"targets"');
  return sizeProblem(text, multi ? MAX_DOCUMENT_BYTES : MAX_IMPORT_BYTES);
}

/** A parsed document as JSON text again: the worker gets documents already parsed (a message). */
export function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    // Too deep to serialize: certainly over any size we accept.
    return 'x'.repeat(MAX_IMPORT_BYTES + 1);
  }
}
