/**
 * The slot import/export format: one document names a target and the slots to write. `data` may
 * be a string or any JSON value (stored compactly serialized). An export is a valid import as is.
 * Published for site owners as public/page-options.schema.json (generated from this schema).
 */
import { Target } from '../api/schemas';
import { PREMIUM_SLOTS } from '../slots/count';
import { validateSlot } from '../slots/validate';
import { z } from '../zod';
import { inexactNumbers } from './exact-numbers';

export const FORMAT = 'page-options/v1';

/** A document's size limit, in bytes of its JSON text (UTF-8): checked before anything is parsed. */
export const MAX_IMPORT_BYTES = 256 * 1024;
/** More slots than any target has is refused before the slots are looked at. */
export const MAX_IMPORT_SLOTS = PREMIUM_SLOTS;
/** Problems shown one by one; the rest are counted. */
export const MAX_PROBLEMS_SHOWN = 50;

const JsonValue: z.ZodMiniType<unknown> = z.unknown();

export const ImportSlot = z.strictObject({
  slot: z.int().check(z.minimum(1), z.maximum(PREMIUM_SLOTS)),
  title: z.string(),
  data: JsonValue,
  /** Present in exports; ignored on import. */
  lastUpdated: z.optional(z.nullable(z.string())),
});

export const ImportDocument = z.strictObject({
  $schema: z.optional(z.string()),
  format: z.optional(z.literal(FORMAT)),
  target: z.strictObject({ kind: Target.shape.kind, id: Target.shape.id, name: z.optional(z.string()) }),
  slots: z.array(ImportSlot).check(z.minLength(1)),
  /** Present in exports; ignored on import. */
  exportedAt: z.optional(z.string()),
});
export type ImportDocument = z.infer<typeof ImportDocument>;

/** A slot ready to write: data serialized, everything checked. */
export interface SlotWrite {
  slot: number;
  title: string;
  data: string;
}

export interface ImportProblem {
  /** Where in the document, e.g. `slots[3].title`. */
  path: string;
  message: string;
}

export type ParsedImport =
  { ok: true; target: Target; slots: SlotWrite[] } | { ok: false; problems: ImportProblem[] };

export interface ImportContext {
  premium: boolean;
  /** When the document must be for a given kind of target (the editor's current one). */
  expectedKind?: Target['kind'];
}

function pathText(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) =>
      typeof key === 'number' ? `${text}[${key}]` : text ? `${text}.${String(key)}` : String(key),
    '',
  );
}

/** Strings stay as they are; any other JSON value is stored compactly serialized. */
export function serializeData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data);
}

function semanticProblems(doc: ImportDocument, context: ImportContext): ImportProblem[] {
  const problems: ImportProblem[] = [];
  if (context.expectedKind && doc.target.kind !== context.expectedKind) {
    problems.push({
      path: 'target.kind',
      message: `is ${doc.target.kind}, expected ${context.expectedKind}`,
    });
  }
  const seen = new Map<number, number>();
  doc.slots.forEach((entry, index) => {
    const at = `slots[${index}]`;
    const first = seen.get(entry.slot);
    if (first !== undefined)
      problems.push({ path: `${at}.slot`, message: `slot ${entry.slot} also at slots[${first}]` });
    else seen.set(entry.slot, index);
    for (const problem of validateSlot(
      { title: entry.title, data: serializeData(entry.data) },
      entry.slot,
      context.premium,
    )) {
      problems.push(
        problem.kind === 'optionRange'
          ? { path: `${at}.slot`, message: `slot ${problem.option} is out of range 1–${problem.max}` }
          : {
              path: `${at}.${problem.field}`,
              message: `${problem.count} characters, at most ${problem.max}`,
            },
      );
    }
  });
  return problems;
}

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

/** The problem of a document of `bytes` bytes, over MAX_IMPORT_BYTES. */
export function fileTooLarge(bytes: number): ImportProblem {
  return {
    path: '(document)',
    message: `${kb(bytes)} KB, at most ${kb(MAX_IMPORT_BYTES)} KB; nothing of it was read`,
  };
}

/** The size problem of a document's text, or null when it is within MAX_IMPORT_BYTES. */
export function sizeProblem(text: string): ImportProblem | null {
  // A UTF-8 byte count is at most 3 per UTF-16 code unit: a text this short cannot be too large.
  if (text.length * 3 <= MAX_IMPORT_BYTES) return null;
  const bytes = utf8Bytes(text);
  return bytes > MAX_IMPORT_BYTES ? fileTooLarge(bytes) : null;
}

function jsonText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    // Too deep to serialize: certainly over any size we accept.
    return 'x'.repeat(MAX_IMPORT_BYTES + 1);
  }
}

/** Refuses a document with more slots than any target has before its slots are checked one by one. */
function slotCountProblem(input: unknown): ImportProblem | null {
  if (typeof input !== 'object' || input === null || !('slots' in input)) return null;
  const slots: unknown = input.slots;
  if (!Array.isArray(slots) || slots.length <= MAX_IMPORT_SLOTS) return null;
  return { path: 'slots', message: `${slots.length} slots, at most ${MAX_IMPORT_SLOTS}` };
}

/** The first MAX_PROBLEMS_SHOWN problems and how many more there are. */
export function capProblems(problems: readonly ImportProblem[], max = MAX_PROBLEMS_SHOWN) {
  return { shown: problems.slice(0, max), more: Math.max(0, problems.length - max) };
}

/** Parses and checks a document; any problem means nothing of it may be written. Never throws. */
export function parseImport(input: unknown, context: ImportContext): ParsedImport {
  // The worker gets documents already parsed (a message): their size is measured as JSON again.
  const tooLarge = sizeProblem(jsonText(input));
  if (tooLarge) return { ok: false, problems: [tooLarge] };
  const tooMany = slotCountProblem(input);
  if (tooMany) return { ok: false, problems: [tooMany] };
  const parsed = ImportDocument.safeParse(input);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => ({
        path: pathText(issue.path) || '(document)',
        message: issue.message,
      })),
    };
  }
  const problems = semanticProblems(parsed.data, context);
  if (problems.length > 0) return { ok: false, problems };
  const { kind, id } = parsed.data.target;
  return {
    ok: true,
    target: { kind, id },
    slots: parsed.data.slots.map((s) => ({ slot: s.slot, title: s.title, data: serializeData(s.data) })),
  };
}

const shortened = (literal: string) => (literal.length > 40 ? `${literal.slice(0, 39)}…` : literal);

/**
 * The one way an import's JSON text is read (file, drop, paste, page payload): a syntax error, or
 * a number JSON cannot carry exactly, is a problem with its place; nothing is changed silently.
 */
export function parseJsonText(
  text: string,
): { ok: true; value: unknown } | { ok: false; problems: ImportProblem[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      problems: [{ path: '(document)', message: `not valid JSON: ${(error as Error).message}` }],
    };
  }
  const inexact = inexactNumbers(text);
  if (inexact.length === 0) return { ok: true, value };
  return {
    ok: false,
    problems: inexact.map(({ path, literal, becomes }) => ({
      path: path || '(document)',
      message: `the number ${shortened(literal)} cannot be kept exactly (it would become ${shortened(becomes)}); write it as a string`,
    })),
  };
}

/** Parses JSON text first, reporting a syntax error or an inexact number as a problem. */
export function parseImportText(text: string, context: ImportContext): ParsedImport {
  const tooLarge = sizeProblem(text);
  if (tooLarge) return { ok: false, problems: [tooLarge] };
  const json = parseJsonText(text);
  return json.ok ? parseImport(json.value, context) : json;
}

export interface ExportSlot {
  slot: number;
  title: string;
  data: string;
  lastUpdated: string | null;
}

export function exportDocument(target: Target, slots: ExportSlot[], now: Date = new Date()) {
  return {
    format: FORMAT,
    exportedAt: now.toISOString(),
    target: { kind: target.kind, id: target.id },
    slots: slots.map(({ slot, title, data, lastUpdated }) => ({ slot, title, data, lastUpdated })),
  } satisfies ImportDocument;
}
