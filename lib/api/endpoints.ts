/**
 * The ten endpoints of the Page Options API, as the spec lists them (and the factory list, which
 * public clients use): method, path template, the
 * scopes a token needs and whether premium access is needed. A 403 names these in its ApiError,
 * so the UI can say what may be missing.
 */
import { pathIdProblem, type Scope } from './schemas';

/** 'slots': only option slots 11 to 20 need premium. */
export type PremiumNeed = 'required' | 'slots' | 'no';

export interface Endpoint {
  readonly method: 'GET' | 'POST';
  /** Path template relative to the base URL, as written in the spec. */
  readonly path: string;
  /** Every scope the endpoint requires. */
  readonly scopes: readonly Scope[];
  readonly premium: PremiumNeed;
  /** A 2xx answer larger than this is refused unread (see the caps below). */
  readonly maxBodyBytes: number;
}

const KB = 1024;

/**
 * Caps on a 2xx body, derived from what an honest answer can hold. JSON's worst case is a
 * character written as a `\uXXXX` escape: 6 bytes (and never more in UTF-8).
 *
 * A slot: title (64) and data (2400) characters, every one escaped, are 14 784 bytes, plus field
 * names and a timestamp (about 100): under 15 KB; twice that for whitespace and slack.
 */
export const SLOT_ANSWER_MAX_BYTES = 32 * KB;
/** A building's details: 10 short fields (names, an address, numbers), under 2 KB even escaped. */
export const DETAILS_ANSWER_MAX_BYTES = 16 * KB;
/**
 * A transactions page: at most 25 rows (the spec's limit). A row is six short fields (two account
 * numbers, a reference, a purpose, an amount, a time): 2 KB covers a 300-character purpose written
 * as escapes; 25 rows of 2 KB and the wrapper: 64 KB.
 */
export const TRANSACTIONS_ANSWER_MAX_BYTES = 64 * KB;
/** Bank accounts of one building: a handful; 64 KB holds a hundred of 600 bytes. */
export const ACCOUNTS_ANSWER_MAX_BYTES = 64 * KB;
/**
 * Lists whose length the spec does not bound (buildings of a character, rooms and tenants of a
 * building): an entry is under 500 bytes (a room with its interior and image URL), so 512 KB holds
 * a thousand, more than any owner or building the game has shown.
 */
export const LIST_ANSWER_MAX_BYTES = 512 * KB;
/** A write answers the plain text "option was updated". */
export const WRITE_ANSWER_MAX_BYTES = 1 * KB;

export const ENDPOINTS = {
  buildingList: {
    method: 'GET',
    path: '/building/list',
    scopes: ['building'],
    premium: 'no',
    maxBodyBytes: LIST_ANSWER_MAX_BYTES,
  },
  buildingDetails: {
    method: 'GET',
    path: '/building/details/{buildingId}',
    scopes: ['building', 'building.details'],
    premium: 'no',
    maxBodyBytes: DETAILS_ANSWER_MAX_BYTES,
  },
  buildingTenants: {
    method: 'GET',
    path: '/building/tenants/{buildingId}',
    scopes: ['building', 'building.tenants'],
    // building.tenants.activity only adds the last payment dates (probe.ts checks for them).
    premium: 'required',
    maxBodyBytes: LIST_ANSWER_MAX_BYTES,
  },
  buildingRooms: {
    method: 'GET',
    path: '/building/rooms/{buildingId}',
    scopes: ['building', 'building.rooms'],
    premium: 'no',
    maxBodyBytes: LIST_ANSWER_MAX_BYTES,
  },
  buildingOptionRead: {
    method: 'GET',
    path: '/building/options/{buildingId}/{option}',
    scopes: ['building', 'building.options'],
    premium: 'slots',
    maxBodyBytes: SLOT_ANSWER_MAX_BYTES,
  },
  buildingOptionWrite: {
    method: 'POST',
    path: '/building/options',
    scopes: ['building', 'building.options.edit'],
    premium: 'slots',
    maxBodyBytes: WRITE_ANSWER_MAX_BYTES,
  },
  bankAccounts: {
    method: 'GET',
    path: '/building/bankaccounts/{buildingId}',
    scopes: ['building', 'building.bankaccount'],
    premium: 'required',
    maxBodyBytes: ACCOUNTS_ANSWER_MAX_BYTES,
  },
  transactions: {
    method: 'GET',
    path: '/building/transactions/{bankId}/{limit}/{skip}',
    scopes: ['building', 'building.bankaccount'],
    premium: 'required',
    maxBodyBytes: TRANSACTIONS_ANSWER_MAX_BYTES,
  },
  /** Not in the spec: what public clients of the live service read to learn factory ids. */
  factoryList: {
    method: 'GET',
    path: '/factory/list/',
    scopes: ['factory'],
    premium: 'no',
    maxBodyBytes: LIST_ANSWER_MAX_BYTES,
  },
  factoryOptionRead: {
    method: 'GET',
    path: '/factory/options/{factoryId}/{option}',
    scopes: ['factory', 'factory.options'],
    premium: 'slots',
    maxBodyBytes: SLOT_ANSWER_MAX_BYTES,
  },
  factoryOptionWrite: {
    method: 'POST',
    path: '/factory/options',
    scopes: ['factory', 'factory.options.edit'],
    premium: 'slots',
    maxBodyBytes: WRITE_ANSWER_MAX_BYTES,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointId = keyof typeof ENDPOINTS;

/**
 * The first parameter of a path template that is not exactly one path segment (an id checked by
 * PathId; numbers are whole and not negative), as `{ name, message }`; null when all are.
 */
export function pathParamProblem(
  template: string,
  params: Readonly<Record<string, string | number>>,
): { name: string; message: string } | null {
  for (const [, name] of template.matchAll(/\{(\w+)\}/g)) {
    const value = params[name as string];
    const message =
      value === undefined
        ? 'missing'
        : typeof value === 'number'
          ? Number.isSafeInteger(value) && value >= 0
            ? null
            : `${value} is not a whole number`
          : pathIdProblem(value);
    if (message !== null) return { name: name as string, message };
  }
  return null;
}

/**
 * Fills a path template. Every parameter must be one path segment (pathParamProblem: the one id
 * check of every endpoint); it is then encoded with encodeURIComponent, so a space or an umlaut
 * stays in its segment.
 */
export function fillPath(template: string, params: Readonly<Record<string, string | number>>): string {
  const problem = pathParamProblem(template, params);
  if (problem) throw new Error(`not one path segment: ${problem.name}: ${problem.message}`);
  return template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}
