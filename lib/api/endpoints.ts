/**
 * The ten endpoints of the Page Options API, as the spec lists them (and the factory list, which
 * public clients use): method, path template, the
 * scopes a token needs and whether premium access is needed. A 403 names these in its ApiError,
 * so the UI can say what may be missing.
 */
import type { Scope } from './schemas';

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
  /** Not in the spec: what public clients of the live service read to learn factory ids. */
  factoryList: {
    method: 'GET',
    path: '/factory/list/',
    scopes: ['factory'],
    optionalScopes: [],
    premium: 'no',
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
 * Fills a path template; every parameter is encoded with encodeURIComponent, so an id with a
 * space, a slash or an umlaut stays one path segment.
 */
export function fillPath(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
