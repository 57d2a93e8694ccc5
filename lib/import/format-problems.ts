/**
 * What is wrong with an import document, each problem with its place (`targets[2].slots[0].title`)
 * and a specific message. Every problem of a document is found in one pass: when its shape is
 * wrong somewhere, the slots that can still be read are checked too.
 */
import type { Target } from '../api/schemas';
import { serverMayHold, validateSlot } from '../slots/validate';
import type { z } from '../zod';
import type { InexactNumber } from './exact-numbers';
import {
  type ImportContext,
  type ImportProblem,
  MAX_IMPORT_SLOTS,
  MAX_IMPORT_TARGETS,
  type MultiTargetDocument,
  serializeData,
} from './format-schema';

/** Problems shown one by one; the rest are counted. */
export const MAX_PROBLEMS_SHOWN = 50;

/** The first MAX_PROBLEMS_SHOWN problems and how many more there are. */
export function capProblems(problems: readonly ImportProblem[], max = MAX_PROBLEMS_SHOWN) {
  return { shown: problems.slice(0, max), more: Math.max(0, problems.length - max) };
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

export const issueProblems = (issues: readonly SchemaIssue[]): ImportProblem[] =>
  issues.map((issue) => ({ path: pathText(issue.path) || '(document)', message: issueMessage(issue) }));

const shortened = (literal: string) => (literal.length > 40 ? `${literal.slice(0, 39)}…` : literal);

/** Numbers JSON cannot carry exactly, each a problem at its place: nothing is changed silently. */
export const numberProblems = (inexact: readonly InexactNumber[]): ImportProblem[] =>
  inexact.map(({ path, literal, becomes }) => ({
    path: path || '(document)',
    message: `the number ${shortened(literal)} cannot be kept exactly (it would become ${shortened(becomes)}); write it as a string`,
  }));

/** A slot as far as its checks need it (an entry of a document whose shape may be wrong elsewhere). */
interface SlotEntry {
  slot: number;
  title: string;
  data: unknown;
}

/**
 * Problems of one target's slots; `at` is where they are (`slots`, `targets[2].slots`); a null
 * entry is one the schema refused. `lenient`: a value past our count that the server may hold is
 * no problem (a backup holds what the server held); its slot is left as it is (SlotWrite.overLimit).
 */
function slotProblems(
  slots: readonly (SlotEntry | null)[],
  at: string,
  premium: boolean,
  lenient: boolean,
): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const seen = new Map<number, number>();
  slots.forEach((entry, index) => {
    if (!entry) return;
    const place = `${at}[${index}]`;
    const first = seen.get(entry.slot);
    if (first !== undefined)
      problems.push({ path: `${place}.slot`, message: `slot ${entry.slot} also at ${at}[${first}]` });
    else seen.set(entry.slot, index);
    const content = { title: entry.title, data: serializeData(entry.data) };
    for (const problem of validateSlot(content, entry.slot, premium)) {
      if (problem.kind === 'optionRange')
        problems.push({
          path: `${place}.slot`,
          message: `slot ${problem.option} is out of range 1–${problem.max}`,
        });
      else if (!lenient || !serverMayHold(problem.field, content[problem.field]))
        problems.push({
          path: `${place}.${problem.field}`,
          message: `${problem.count} characters, at most ${problem.max}`,
        });
    }
  });
  return problems;
}

export const singleProblems = (
  doc: { target: Target; slots: readonly SlotEntry[] },
  context: ImportContext,
): ImportProblem[] => [
  ...(context.expectedKind && doc.target.kind !== context.expectedKind
    ? [{ path: 'target.kind', message: `is ${doc.target.kind}, expected ${context.expectedKind}` }]
    : []),
  ...slotProblems(doc.slots, 'slots', context.premium, false),
];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const targetKey = (target: { kind: string; id: string }) => `${target.kind} ${target.id}`;

/**
 * The same target twice and every slot's problems, each with its place. Slots 11–20 are in range
 * here whatever the account: the restore plan reports them per target as needing premium.
 */
export function targetProblems(doc: MultiTargetDocument, lenient: boolean): ImportProblem[] {
  return targetEntryProblems(doc.targets, lenient);
}

function targetEntryProblems(
  targets: readonly ({ target: { kind: string; id: string } | null; slots: (SlotEntry | null)[] } | null)[],
  lenient: boolean,
): ImportProblem[] {
  const seen = new Map<string, number>();
  return targets.flatMap((entry, index) => {
    if (!entry) return [];
    const key = entry.target && targetKey(entry.target);
    const first = key === null ? undefined : seen.get(key);
    if (key !== null && first === undefined) seen.set(key, index);
    const twice =
      first === undefined || !entry.target
        ? []
        : [
            {
              path: `targets[${index}].target`,
              message: `${targetKey(entry.target)} also at targets[${first}]`,
            },
          ];
    return [...twice, ...slotProblems(entry.slots, `targets[${index}].slots`, true, lenient)];
  });
}

/** A slot entry as far as it can be checked: an object with an integer slot, a text title and data. */
function looseSlot(value: unknown): SlotEntry | null {
  if (!isRecord(value) || !Number.isInteger(value.slot) || typeof value.title !== 'string') return null;
  if (value.data === undefined) return null;
  return { slot: value.slot as number, title: value.title, data: value.data };
}

const looseSlots = (value: unknown) => (Array.isArray(value) ? value.map(looseSlot) : []);

function looseTarget(value: unknown) {
  return isRecord(value) && typeof value.kind === 'string' && typeof value.id === 'string'
    ? { kind: value.kind, id: value.id }
    : null;
}

/**
 * The problems of the slots (and targets) a document whose shape the schema refused still has,
 * except at places the schema already named: every problem is listed in one pass.
 */
export function looseProblems(
  input: unknown,
  context: ImportContext,
  reported: readonly ImportProblem[],
): ImportProblem[] {
  if (!isRecord(input)) return [];
  const found = Array.isArray(input.targets)
    ? targetEntryProblems(
        input.targets.map((entry) =>
          isRecord(entry) ? { target: looseTarget(entry.target), slots: looseSlots(entry.slots) } : null,
        ),
        !context.strict,
      )
    : slotProblems(looseSlots(input.slots), 'slots', context.premium, false);
  const paths = new Set(reported.map((problem) => problem.path));
  return found.filter((problem) => !paths.has(problem.path));
}

/** Refuses a document with more slots than any target has before its slots are checked one by one. */
export function slotCountProblem(input: unknown): ImportProblem | null {
  if (!isRecord(input)) return null;
  const slots: unknown = input.slots;
  if (!Array.isArray(slots) || slots.length <= MAX_IMPORT_SLOTS) return null;
  return { path: 'slots', message: `${slots.length} slots, at most ${MAX_IMPORT_SLOTS}` };
}

/** Counts refused before the entries are checked one by one: too many targets, or slots in one. */
export function countProblems(targets: unknown): ImportProblem[] {
  if (!Array.isArray(targets)) return [];
  if (targets.length > MAX_IMPORT_TARGETS)
    return [{ path: 'targets', message: `${targets.length} targets, at most ${MAX_IMPORT_TARGETS}` }];
  return targets.flatMap((entry: unknown, index) => {
    const problem = slotCountProblem(entry);
    return problem ? [{ ...problem, path: `targets[${index}].slots` }] : [];
  });
}
