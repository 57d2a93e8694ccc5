/**
 * The ten endpoints of the Page Options API, as the spec lists them: method, path template, the
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
  /** Scopes that only change the content of the response. */
  readonly optionalScopes: readonly Scope[];
  readonly premium: PremiumNeed;
}

export const ENDPOINTS = {
  buildingList: {
    method: 'GET',
    path: '/building/list',
    scopes: ['building'],
    optionalScopes: [],
    premium: 'no',
  },
  buildingDetails: {
    method: 'GET',
    path: '/building/details/{buildingId}',
    scopes: ['building', 'building.details'],
    optionalScopes: [],
    premium: 'no',
  },
  buildingTenants: {
    method: 'GET',
    path: '/building/tenants/{buildingId}',
    scopes: ['building', 'building.tenants'],
    optionalScopes: ['building.tenants.activity'],
    premium: 'required',
  },
  buildingRooms: {
    method: 'GET',
    path: '/building/rooms/{buildingId}',
    scopes: ['building', 'building.rooms'],
    optionalScopes: [],
    premium: 'no',
  },
  buildingOptionRead: {
    method: 'GET',
    path: '/building/options/{buildingId}/{option}',
    scopes: ['building', 'building.options'],
    optionalScopes: [],
    premium: 'slots',
  },
  buildingOptionWrite: {
    method: 'POST',
    path: '/building/options',
    scopes: ['building', 'building.options.edit'],
    optionalScopes: [],
    premium: 'slots',
  },
  bankAccounts: {
    method: 'GET',
    path: '/building/bankaccounts/{buildingId}',
    scopes: ['building', 'building.bankaccount'],
    optionalScopes: [],
    premium: 'required',
  },
  transactions: {
    method: 'GET',
    path: '/building/transactions/{bankId}/{limit}/{skip}',
    scopes: ['building', 'building.bankaccount'],
    optionalScopes: [],
    premium: 'required',
  },
  factoryOptionRead: {
    method: 'GET',
    path: '/factory/options/{factoryId}/{option}',
    scopes: ['factory', 'factory.options'],
    optionalScopes: [],
    premium: 'slots',
  },
  factoryOptionWrite: {
    method: 'POST',
    path: '/factory/options',
    scopes: ['factory', 'factory.options.edit'],
    optionalScopes: [],
    premium: 'slots',
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
