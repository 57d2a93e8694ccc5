/**
 * The client's checks of its inputs, before any request is sent: ids (PathId), slot numbers,
 * titles and data within the API's limits, a write's whole body against its schema.
 */
import { type ApiError } from './errors';
import { isPlainObject } from './error-body';
import { describeZodIssuePath } from './answer-parsing';
import { BuildingOptionUpdate, FactoryOptionUpdate, pathIdProblem } from './schemas';
import { PREMIUM_SLOTS, countCharacters, DATA_MAX, TITLE_MAX } from './slot-limits';

function invalid(field: string, message: string): ApiError {
  return { kind: 'invalidInput', field, message: `${field}: ${message}` };
}

/** The one id check (PathId), for ids in the path and in a write's body alike. */
export function checkId(field: string, id: unknown): ApiError | null {
  const problem = pathIdProblem(id);
  return problem === null ? null : invalid(field, problem);
}

export function checkInt(field: string, value: unknown, min: number, max: number): ApiError | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return invalid(field, `${String(value)} is not a whole number from ${min} to ${max}`);
  }
  return null;
}

export function checkOption(option: unknown): ApiError | null {
  return checkInt('option', option, 1, PREMIUM_SLOTS);
}

function checkText(field: string, value: unknown, max: number): ApiError | null {
  if (typeof value !== 'string') return invalid(field, 'must be text');
  const count = countCharacters(value);
  return count > max ? invalid(field, `${count} characters, at most ${max}`) : null;
}

/** Specific messages for each field first; the schema last, as the authority on the body. */
export function checkUpdate(
  body: Record<string, unknown>,
  idField: 'buildingId' | 'factoryId',
  schema: typeof BuildingOptionUpdate | typeof FactoryOptionUpdate,
): ApiError | null {
  if (!isPlainObject(body)) return invalid('(body)', 'must be an object');
  const bad =
    (typeof body.apiSecret !== 'string' || body.apiSecret === ''
      ? invalid('apiSecret', 'must not be empty')
      : null) ??
    checkId(idField, body[idField]) ??
    checkOption(body.option) ??
    checkText('title', body.title, TITLE_MAX) ??
    checkText('data', body.data, DATA_MAX);
  if (bad) return bad;
  const parsed = schema.safeParse(body);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const field = issue ? describeZodIssuePath(issue.path) : '(body)';
  return invalid(field, issue?.message ?? 'invalid');
}
