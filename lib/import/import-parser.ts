/**
 * The one parser of the import format (lib/import/format-schema.ts), of either shape: the worker
 * calls it on every document a page sends (the page is never trusted); pages read a text through
 * its front, readImportText, and send the value read on. Any problem means nothing of the document may be written,
 * except a backup's slot left as it is (SlotWrite.overLimit). Never throws.
 */
import { validateSlot } from '../slots/validate';
import { inexactNumbers } from './exact-numbers';
import {
  type ImportContext,
  ImportDocument,
  type ImportProblem,
  type ImportSlot,
  MultiTargetDocument,
  type SlotWrite,
  type TargetWrites,
  serializeData,
} from './format-schema';
import {
  countProblems,
  issueProblems,
  looseProblems,
  numberProblems,
  singleProblems,
  slotCountProblem,
  targetProblems,
} from './format-problems';
import {
  MAX_DOCUMENT_BYTES,
  MAX_IMPORT_BYTES,
  documentSizeProblem,
  fileTooLarge,
  jsonText,
  sizeProblem,
  utf8Bytes,
} from './format-sizes';

type Refused = { ok: false; problems: ImportProblem[] };

/** A checked document: `single` for today's one-target document, `targets` for several. */
export type ParsedDocument =
  | { ok: true; shape: 'single'; targets: [TargetWrites] }
  | { ok: true; shape: 'targets'; targets: TargetWrites[] }
  | Refused;

/** A checked text: also the JSON value it holds once that could be read (what a page sends on). */
export type ParsedText = ParsedDocument & { json?: unknown };

const refused = (problems: ImportProblem[]): Refused => ({ ok: false, problems });

/** A slot as it is written; `lenient`: past our count is left as it is (checked by the caller). */
function slotWrite({ slot, title, data }: ImportSlot, lenient: boolean): SlotWrite {
  const write = { slot, title, data: serializeData(data) };
  const over = lenient && validateSlot(write, slot, true).some((problem) => problem.kind === 'tooLong');
  return over ? { ...write, overLimit: true } : write;
}

/** Today's one-target document. */
function parseSingle(input: unknown, text: string, context: ImportContext): ParsedDocument {
  const tooLarge = sizeProblem(text);
  if (tooLarge) return refused([tooLarge]);
  const tooMany = slotCountProblem(input);
  if (tooMany) return refused([tooMany]);
  const parsed = ImportDocument.safeParse(input);
  if (!parsed.success) {
    const problems = issueProblems(parsed.error.issues);
    return refused([...problems, ...looseProblems(input, context, problems)]);
  }
  const problems = singleProblems(parsed.data, context);
  if (problems.length > 0) return refused(problems);
  const { kind, id } = parsed.data.target;
  const slots = parsed.data.slots.map((slot) => slotWrite(slot, false));
  return { ok: true, shape: 'single', targets: [{ target: { kind, id }, slots }] };
}

/** A document with several targets: 256 KB of text for each, every target at most once. */
function parseTargets(input: { targets: unknown }, bytes: number, context: ImportContext): ParsedDocument {
  const counted = countProblems(input.targets);
  if (counted.length > 0) return refused(counted);
  const max = MAX_IMPORT_BYTES * (Array.isArray(input.targets) ? Math.max(1, input.targets.length) : 1);
  if (bytes > max) return refused([fileTooLarge(bytes, max)]);
  const parsed = MultiTargetDocument.safeParse(input);
  if (!parsed.success) {
    const problems = issueProblems(parsed.error.issues);
    return refused([...problems, ...looseProblems(input, context, problems)]);
  }
  const lenient = !context.strict;
  const problems = targetProblems(parsed.data, lenient);
  if (problems.length > 0) return refused(problems);
  return {
    ok: true,
    shape: 'targets',
    targets: parsed.data.targets.map(({ target, slots }) => ({
      target: { kind: target.kind, id: target.id },
      ...(target.name === undefined ? {} : { name: target.name }),
      slots: slots.map((slot) => slotWrite(slot, lenient)),
    })),
  };
}

function parseValue(input: unknown, context: ImportContext): ParsedDocument {
  // The worker gets documents already parsed (a message): their size is measured as JSON again.
  const text = jsonText(input);
  if (context.shape === 'single') return parseSingle(input, text, context);
  const tooLarge = sizeProblem(text, MAX_DOCUMENT_BYTES);
  if (tooLarge) return refused([tooLarge]);
  if (typeof input === 'object' && input !== null && 'targets' in input)
    return parseTargets(input, utf8Bytes(text), context);
  return parseSingle(input, text, context);
}

/**
 * The one parser's front for JSON text (a file, a drop, a paste, a site's payload): refused unread
 * when too large; a syntax error or a number JSON cannot carry exactly is a problem with its place;
 * then the document is parsed as parseImportDocument does. Kept apart so the worker, which is only
 * ever handed values, does not ship the number scanner.
 */
export function readImportText(text: string, context: ImportContext): ParsedText {
  const tooLarge = context.shape === 'single' ? sizeProblem(text) : documentSizeProblem(text);
  if (tooLarge) return refused([tooLarge]);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return refused([{ path: '(document)', message: `not valid JSON: ${(error as Error).message}` }]);
  }
  const inexact = inexactNumbers(text);
  if (inexact.length > 0) return refused(numberProblems(inexact));
  return { ...parseImportDocument({ value: json }, context), json };
}

/** Parses and checks a document of either shape (only one target with `shape: 'single'`). */
export function parseImportDocument(
  input: { value: unknown },
  context: ImportContext & { shape: 'single' },
): Extract<ParsedDocument, { shape: 'single' }> | Refused;
export function parseImportDocument(input: { value: unknown }, context: ImportContext): ParsedDocument;
export function parseImportDocument({ value }: { value: unknown }, context: ImportContext): ParsedDocument {
  return parseValue(value, context);
}
