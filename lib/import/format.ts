/**
 * The slot import/export format: one document names a target and the slots to write, or lists
 * several targets, each with its slots (a backup, a restore). `data` may be a string or any JSON
 * value (stored compactly serialized). An export is a valid import as is. Published for site owners
 * as public/page-options.schema.json (generated from these schemas).
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
/** A document with several targets: at most this many, each with up to MAX_IMPORT_BYTES of text. */
export const MAX_IMPORT_TARGETS = 50;
/** No document of any shape is larger: checked before the text is parsed. */
export const MAX_DOCUMENT_BYTES = MAX_IMPORT_BYTES * MAX_IMPORT_TARGETS;
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

const DocumentTarget = z.strictObject({
  kind: Target.shape.kind,
  id: Target.shape.id,
  name: z.optional(z.string()),
});

export const ImportDocument = z.strictObject({
  $schema: z.optional(z.string()),
  format: z.optional(z.literal(FORMAT)),
  target: DocumentTarget,
  slots: z.array(ImportSlot).check(z.minLength(1), z.maxLength(MAX_IMPORT_SLOTS)),
  /** Present in exports; ignored on import. */
  exportedAt: z.optional(z.string()),
});
export type ImportDocument = z.infer<typeof ImportDocument>;

/** One target of a document with several: its slots (an empty slot, title and data "", clears it). */
export const TargetEntry = z.strictObject({
  target: DocumentTarget,
  slots: z.array(ImportSlot).check(z.minLength(1), z.maxLength(MAX_IMPORT_SLOTS)),
});
export type TargetEntry = z.infer<typeof TargetEntry>;

export const MultiTargetDocument = z.strictObject({
  $schema: z.optional(z.string()),
  format: z.optional(z.literal(FORMAT)),
  /** Present in backups; ignored on import. */
  exportedAt: z.optional(z.string()),
  targets: z.array(TargetEntry).check(z.minLength(1), z.maxLength(MAX_IMPORT_TARGETS)),
});
export type MultiTargetDocument = z.infer<typeof MultiTargetDocument>;

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

type SchemaIssue = z.core.$ZodIssue;

/** A specific message for what the schema refused (zod/mini alone says "Invalid input"). */
function issueMessage(issue: SchemaIssue): string {
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected ${issue.values.map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'too_big':
      return `${issue.origin === 'array' ? 'items: ' : ''}at most ${String(issue.maximum)}`;
    case 'too_small':
      return `${issue.origin === 'array' ? 'items: ' : ''}at least ${String(issue.minimum)}`;
    default:
      return issue.message;
  }
}

const issueProblems = (issues: readonly SchemaIssue[]) =>
  issues.map((issue) => ({ path: pathText(issue.path) || '(document)', message: issueMessage(issue) }));

/** Strings stay as they are; any other JSON value is stored compactly serialized. */
export function serializeData(data: unknown): string {
  return typeof data === 'string' ? data : JSON.stringify(data);
}

/** Problems of one target's slots; `at` is where they are in the document (`slots`, `targets[2].slots`). */
function slotProblems(slots: readonly z.infer<typeof ImportSlot>[], at: string, premium: boolean) {
  const problems: ImportProblem[] = [];
  const seen = new Map<number, number>();
  slots.forEach((entry, index) => {
    const place = `${at}[${index}]`;
    const first = seen.get(entry.slot);
    if (first !== undefined)
      problems.push({ path: `${place}.slot`, message: `slot ${entry.slot} also at ${at}[${first}]` });
    else seen.set(entry.slot, index);
    for (const problem of validateSlot(
      { title: entry.title, data: serializeData(entry.data) },
      entry.slot,
      premium,
    )) {
      problems.push(
        problem.kind === 'optionRange'
          ? { path: `${place}.slot`, message: `slot ${problem.option} is out of range 1–${problem.max}` }
          : {
              path: `${place}.${problem.field}`,
              message: `${problem.count} characters, at most ${problem.max}`,
            },
      );
    }
  });
  return problems;
}

function semanticProblems(doc: ImportDocument, context: ImportContext): ImportProblem[] {
  const problems: ImportProblem[] = [];
  if (context.expectedKind && doc.target.kind !== context.expectedKind) {
    problems.push({
      path: 'target.kind',
      message: `is ${doc.target.kind}, expected ${context.expectedKind}`,
    });
  }
  return [...problems, ...slotProblems(doc.slots, 'slots', context.premium)];
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
    return { ok: false, problems: issueProblems(parsed.error.issues) };
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

/** One target's slots ready to write, from either shape of document. */
export interface TargetWrites {
  target: Target;
  /** The name the document gives it (a backup records it); shown, never sent. */
  name?: string;
  slots: SlotWrite[];
}

/** A checked document of either shape: `single` for today's one-target document. */
export type ParsedDocument =
  | { ok: true; shape: 'single' | 'targets'; targets: TargetWrites[] }
  | { ok: false; problems: ImportProblem[] };

const targetKey = (target: Target) => `${target.kind} ${target.id}`;

/** Counts refused before the entries are checked one by one: too many targets, or slots in one. */
function countProblems(targets: unknown): ImportProblem[] {
  if (!Array.isArray(targets)) return [];
  if (targets.length > MAX_IMPORT_TARGETS)
    return [{ path: 'targets', message: `${targets.length} targets, at most ${MAX_IMPORT_TARGETS}` }];
  return targets.flatMap((entry: unknown, index) => {
    const problem = slotCountProblem(entry);
    return problem ? [{ ...problem, path: `targets[${index}].slots` }] : [];
  });
}

/**
 * The same target twice and every slot's problems, each with its place. Slots 11–20 are in range
 * here whatever the account: the restore plan reports them per target as needing premium.
 */
function targetProblems(doc: MultiTargetDocument): ImportProblem[] {
  const seen = new Map<string, number>();
  return doc.targets.flatMap((entry, index) => {
    const key = targetKey(entry.target);
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    const twice =
      first === undefined
        ? []
        : [
            {
              path: `targets[${index}].target`,
              message: `${entry.target.kind} ${entry.target.id} also at targets[${first}]`,
            },
          ];
    return [...twice, ...slotProblems(entry.slots, `targets[${index}].slots`, true)];
  });
}

const slotWrites = (slots: readonly z.infer<typeof ImportSlot>[]): SlotWrite[] =>
  slots.map((s) => ({ slot: s.slot, title: s.title, data: serializeData(s.data) }));

function parseTargets(input: { targets: unknown }, bytes: number): ParsedDocument {
  const counted = countProblems(input.targets);
  if (counted.length > 0) return { ok: false, problems: counted };
  // Size scales with the targets: MAX_IMPORT_BYTES for each.
  const max = MAX_IMPORT_BYTES * (Array.isArray(input.targets) ? Math.max(1, input.targets.length) : 1);
  if (bytes > max) return { ok: false, problems: [fileTooLarge(bytes, max)] };
  const parsed = MultiTargetDocument.safeParse(input);
  if (!parsed.success) return { ok: false, problems: issueProblems(parsed.error.issues) };
  const problems = targetProblems(parsed.data);
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    shape: 'targets',
    targets: parsed.data.targets.map(({ target, slots }) => ({
      target: { kind: target.kind, id: target.id },
      ...(target.name === undefined ? {} : { name: target.name }),
      slots: slotWrites(slots),
    })),
  };
}

/**
 * Parses and checks a document of either shape: today's one target (exactly as parseImport), or
 * `targets`. Any problem means nothing of it may be written. Never throws.
 */
export function parseDocument(input: unknown, context: ImportContext): ParsedDocument {
  const text = jsonText(input);
  const tooLarge = sizeProblem(text, MAX_DOCUMENT_BYTES);
  if (tooLarge) return { ok: false, problems: [tooLarge] };
  if (typeof input === 'object' && input !== null && 'targets' in input)
    return parseTargets(input, utf8Bytes(text));
  const single = parseImport(input, context);
  if (!single.ok) return single;
  return { ok: true, shape: 'single', targets: [{ target: single.target, slots: single.slots }] };
}

/** parseDocument from JSON text: a syntax error or an inexact number is a problem with its place. */
export function parseDocumentText(text: string, context: ImportContext): ParsedDocument {
  const tooLarge = documentSizeProblem(text);
  if (tooLarge) return { ok: false, problems: [tooLarge] };
  const json = parseJsonText(text);
  return json.ok ? parseDocument(json.value, context) : json;
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

/** One target of a backup: its slots as read (an empty slot has title and data ""). */
export interface BackupEntry {
  target: Target;
  name?: string;
  slots: readonly ExportSlot[];
}

/**
 * A document with several targets, as a backup writes it; it imports back unchanged. An entry
 * without slots is left out (a target entry holds at least one slot).
 */
export function multiTargetDocument(entries: readonly BackupEntry[], now: Date = new Date()) {
  return {
    format: FORMAT,
    exportedAt: now.toISOString(),
    targets: entries
      .filter((entry) => entry.slots.length > 0)
      .map(({ target, name, slots }) => ({
        target: { kind: target.kind, id: target.id, ...(name === undefined ? {} : { name }) },
        slots: slots.map(({ slot, title, data, lastUpdated }) => ({ slot, title, data, lastUpdated })),
      })),
  } satisfies MultiTargetDocument;
}
