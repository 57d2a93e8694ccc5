/**
 * The ten endpoints of the Page Options API as pure functions of (data, request) -> reply.
 * Check order: 401 -> missing scopes -> premium-only endpoint -> validation -> ownership ->
 * premium slot -> apiSecret.
 */
import {
  EMPTY_MESSAGE,
  liveBankAccounts,
  liveErrorBody,
  liveTransactions,
  type SandboxProfile,
} from './live';
import { slotAnswer } from './slot-time';
import type {
  BuildingRecord,
  Character,
  FactoryRecord,
  SandboxData,
  Scope,
  SlotRecord,
  TokenGrant,
} from './types';

export interface ApiRequest {
  method: string;
  /** Raw pathname, not decoded. */
  path: string;
  authorization: string | null;
  body: string;
}

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Context {
  data: SandboxData;
  grant: TokenGrant;
  character: Character;
  baseUrl: string;
  body: string;
  profile: SandboxProfile;
  features: SandboxFeatures;
}

/** Parts of the service that can be switched off, as a live service may not have them. */
export interface SandboxFeatures {
  /** GET /factory/list/ (not in the spec; public clients use it). */
  factoryList: boolean;
}

export const DEFAULT_FEATURES: SandboxFeatures = { factoryList: true };

/** What the live profile says to an empty title or data, as a PHP service's "required" rule does. */
export const EMPTY_FIELD_MESSAGE = (field: string) => `The ${field} field is required.`;

interface Endpoint {
  method: 'GET' | 'POST';
  /** Literal segments, or ':' for a path parameter. */
  segments: string[];
  scopes: Scope[];
  premiumOnly?: boolean;
  handle(ctx: Context, params: string[]): Reply;
}

const TITLE_MAX = 64;
const DATA_MAX = 2400;
const BASIC_SLOTS = 10;
const PREMIUM_SLOTS = 20;

/**
 * Characters as the live service counts them: code points (it holds a title of 40 emoji that
 * another client wrote). The extension counts UTF-16 code units, never fewer: what it writes is
 * accepted, and what it reads may be past its own count (docs/decisions.md, "characters").
 */
export const serverCharacters = (text: string): number => [...text].length;

export function json(status: number, value: unknown): Reply {
  return {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify(value),
  };
}

export function errorReply(status: number, error: string, message: string, extra: object = {}): Reply {
  return json(status, { error, message, ...extra });
}

export function methodNotAllowed(method: string, allow: string[]): Reply {
  const reply = errorReply(405, 'method_not_allowed', `Method ${method} not allowed`);
  reply.headers.Allow = allow.join(', ');
  return reply;
}

const validation = (message: string) => errorReply(400, 'validation_error', message);
const premiumRequired = () => errorReply(403, 'premium_required', 'Premium access required');
/** The live service answers an empty list as 404 with this message. */
const empty = () => json(404, { message: EMPTY_MESSAGE });
const notFound = (what: string) =>
  errorReply(404, 'not_found', `${what} not found or not owned directly by the character`);

function ownedBuilding(ctx: Context, id: string): BuildingRecord | undefined {
  return ctx.data.buildings.find((b) => b.id === id && b.owner === ctx.character.id);
}

function ownedFactory(ctx: Context, id: string): FactoryRecord | undefined {
  return ctx.data.factories.find((f) => f.id === id && f.owner === ctx.character.id);
}

/** A path segment of digits only, within [min, max]; otherwise undefined. */
function integerSegment(segment: string | undefined, min: number, max: number): number | undefined {
  if (segment === undefined || !/^\d+$/.test(segment)) return undefined;
  const n = Number(segment);
  return n >= min && n <= max ? n : undefined;
}

type Target = {
  kind: 'building' | 'factory';
  find: (ctx: Context, id: string) => { slots: SlotRecord[] } | undefined;
};

const TARGETS = {
  building: { kind: 'building', find: ownedBuilding },
  factory: { kind: 'factory', find: ownedFactory },
} satisfies Record<string, Target>;

const noun = (target: Target) => (target.kind === 'building' ? 'Building' : 'Factory');

function readOption(target: Target) {
  return (ctx: Context, [id = '', optionSegment]: string[]): Reply => {
    const option = integerSegment(optionSegment, 1, PREMIUM_SLOTS);
    if (option === undefined) return validation(`option must be an integer from 1 to ${PREMIUM_SLOTS}`);
    const owner = target.find(ctx, id);
    if (!owner) return notFound(noun(target));
    if (option > BASIC_SLOTS && !ctx.grant.premium) return premiumRequired();
    const slot = owner.slots[option - 1] as SlotRecord;
    return json(200, slotAnswer(slot, option, ctx.profile));
  };
}

function parseUpdate(
  body: string,
  idField: string,
): { apiSecret: string; id: string; option: number; title: string; data: string } | Reply {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return validation('body must be a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return validation('body must be a JSON object');
  }
  const fields = value as Record<string, unknown>;
  for (const name of ['apiSecret', idField]) {
    if (typeof fields[name] !== 'string') return validation(`${name} is required and must be a string`);
  }
  const option = fields.option;
  if (typeof option !== 'number' || !Number.isInteger(option) || option < 1 || option > PREMIUM_SLOTS) {
    return validation(`option must be an integer from 1 to ${PREMIUM_SLOTS}`);
  }
  const limits: [string, number][] = [
    ['title', TITLE_MAX],
    ['data', DATA_MAX],
  ];
  for (const [name, max] of limits) {
    const text = fields[name];
    if (typeof text !== 'string') return validation(`${name} is required and must be a string`);
    if (serverCharacters(text) > max) return validation(`${name} must be at most ${max} characters`);
  }
  return {
    apiSecret: fields.apiSecret as string,
    id: fields[idField] as string,
    option,
    title: fields.title as string,
    data: fields.data as string,
  };
}

/** Now, but strictly after `previous` so every write is visible as a change. */
function nextTimestamp(previous: string): string {
  const now = Date.now();
  const before = Date.parse(previous);
  return new Date(Number.isNaN(before) || now > before ? now : before + 1).toISOString();
}

function writeOption(target: Target) {
  return (ctx: Context): Reply => {
    const update = parseUpdate(ctx.body, `${target.kind}Id`);
    if ('status' in update) return update;
    const owner = target.find(ctx, update.id);
    if (!owner) return notFound(noun(target));
    if (update.option > BASIC_SLOTS && !ctx.grant.premium) return premiumRequired();
    // The live profile refuses "" (one public client clears with "." instead).
    const blank = ctx.profile === 'live' && (['title', 'data'] as const).find((f) => update[f] === '');
    if (blank) return json(422, { message: EMPTY_FIELD_MESSAGE(blank) });
    if (update.apiSecret !== ctx.character.apiSecret) {
      return errorReply(403, 'invalid_api_secret', 'Invalid apiSecret');
    }
    const slot = owner.slots[update.option - 1] as SlotRecord;
    owner.slots[update.option - 1] = {
      title: update.title,
      data: update.data,
      lastUpdated: nextTimestamp(slot.lastUpdated),
    };
    return {
      status: 200,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
      body: 'option was updated',
    };
  };
}

function withBuilding(handle: (ctx: Context, building: BuildingRecord) => Reply) {
  return (ctx: Context, [id = '']: string[]): Reply => {
    const building = ownedBuilding(ctx, id);
    return building ? handle(ctx, building) : notFound('Building');
  };
}

function buildingDetails(building: BuildingRecord) {
  const { id, hash, label, address, area, garageSlots, price, rooms } = building;
  const occupiedRooms = rooms.filter((r) => r.tenant !== null).length;
  return {
    id,
    hash,
    label,
    address,
    area,
    garageSlots,
    price,
    totalRooms: rooms.length,
    occupiedRooms,
    freeRooms: rooms.length - occupiedRooms,
  };
}

function transactions(ctx: Context, [bankId = '', limitSegment, skipSegment]: string[]): Reply {
  const limit = limitSegment === undefined ? 10 : integerSegment(limitSegment, 1, 25);
  if (limit === undefined) return validation('limit must be an integer from 1 to 25');
  const skip = skipSegment === undefined ? 0 : integerSegment(skipSegment, 0, 200);
  if (skip === undefined) return validation('skip must be an integer from 0 to 200');
  const account = ctx.data.bankAccounts.find((a) => a.id === bankId);
  if (!account || !ownedBuilding(ctx, account.buildingId)) return notFound('Bank account');
  const page = account.transactions.slice(skip, skip + limit);
  if (ctx.profile !== 'live') return json(200, page);
  return page.length === 0 ? empty() : json(200, liveTransactions(account, page));
}

const BANK: Scope[] = ['building', 'building.bankaccount'];

/** GET /factory/list/: the key owner's factories, as public clients of the live service read them. */
function factoryList(ctx: Context): Reply {
  if (!ctx.features.factoryList) return errorReply(404, 'not_found', 'No such endpoint');
  const owned = ctx.data.factories.filter((f) => f.owner === ctx.character.id);
  return json(
    200,
    owned.map(({ id, label, adLine, isOpen, type, address }) => ({
      id,
      name: label,
      adLine,
      isOpen,
      type,
      address,
    })),
  );
}

const ENDPOINTS: Endpoint[] = [
  {
    method: 'GET',
    segments: ['building', 'list'],
    scopes: ['building'],
    handle: (ctx) => {
      const owned = ctx.data.buildings.filter((b) => b.owner === ctx.character.id);
      return json(
        200,
        ctx.profile === 'live'
          ? owned.map(({ id, hash }) => ({ id, hash }))
          : owned.map(({ id, hash, label, address, area }) => ({ id, hash, label, address, area })),
      );
    },
  },
  {
    method: 'GET',
    segments: ['building', 'details', ':'],
    scopes: ['building', 'building.details'],
    handle: withBuilding((_ctx, building) => json(200, buildingDetails(building))),
  },
  {
    method: 'GET',
    segments: ['building', 'tenants', ':'],
    scopes: ['building', 'building.tenants'],
    premiumOnly: true,
    handle: withBuilding((ctx, building) => {
      const activity = ctx.grant.scopes.includes('building.tenants.activity');
      return json(
        200,
        building.rooms.flatMap((room) =>
          room.tenant === null
            ? []
            : [
                {
                  roomId: room.id,
                  roomHash: room.hash,
                  roomName: room.name,
                  tenantName: room.tenant.name,
                  ...(activity ? { lastPayDate: room.tenant.lastPayDate } : {}),
                },
              ],
        ),
      );
    }),
  },
  {
    method: 'GET',
    segments: ['building', 'rooms', ':'],
    scopes: ['building', 'building.rooms'],
    handle: withBuilding((ctx, building) =>
      json(
        200,
        building.rooms.map((room) => {
          const interior = ctx.data.interiors[room.interior];
          return {
            id: room.id,
            hash: room.hash,
            name: room.name,
            rent: room.rent,
            occupied: room.tenant !== null,
            interior: interior?.name ?? room.interior,
            interiorImage: ctx.grant.premium ? `${ctx.baseUrl}/static/interiors/${room.interior}.svg` : null,
            interiorDetails: {
              inventoryCapacity: interior?.inventoryCapacity ?? 0,
              kitchenCapacity: interior?.kitchenCapacity ?? 0,
              wardrobeCapacity: interior?.wardrobeCapacity ?? 0,
            },
          };
        }),
      ),
    ),
  },
  {
    method: 'GET',
    segments: ['building', 'options', ':', ':'],
    scopes: ['building', 'building.options'],
    handle: readOption(TARGETS.building),
  },
  {
    method: 'POST',
    segments: ['building', 'options'],
    scopes: ['building', 'building.options.edit'],
    handle: writeOption(TARGETS.building),
  },
  {
    method: 'GET',
    segments: ['building', 'bankaccounts', ':'],
    scopes: BANK,
    premiumOnly: true,
    handle: withBuilding((ctx, building) => {
      const accounts = ctx.data.bankAccounts.filter((a) => a.buildingId === building.id);
      if (ctx.profile !== 'live') {
        return json(
          200,
          accounts.map(({ id, label, iban, balance }) => ({ id, label, iban, balance })),
        );
      }
      return accounts.length === 0 ? empty() : json(200, liveBankAccounts(accounts));
    }),
  },
  ...[1, 2, 3].map((params): Endpoint => ({
    method: 'GET',
    segments: ['building', 'transactions', ...Array<string>(params).fill(':')],
    scopes: BANK,
    premiumOnly: true,
    handle: transactions,
  })),
  ...[
    ['factory', 'list'],
    ['factory', 'list', ''],
  ].map((segments): Endpoint => ({ method: 'GET', segments, scopes: ['factory'], handle: factoryList })),
  {
    method: 'GET',
    segments: ['factory', 'options', ':', ':'],
    scopes: ['factory', 'factory.options'],
    handle: readOption(TARGETS.factory),
  },
  {
    method: 'POST',
    segments: ['factory', 'options'],
    scopes: ['factory', 'factory.options.edit'],
    handle: writeOption(TARGETS.factory),
  },
];

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function matches(endpoint: Endpoint, segments: string[]): string[] | undefined {
  if (endpoint.segments.length !== segments.length) return undefined;
  const params: string[] = [];
  for (const [i, expected] of endpoint.segments.entries()) {
    const actual = segments[i] as string;
    if (expected === ':') {
      if (actual === '') return undefined;
      params.push(decode(actual));
    } else if (expected !== actual) {
      return undefined;
    }
  }
  return params;
}

function grantFor(data: SandboxData, authorization: string | null) {
  const token = /^bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  const grant = token === undefined ? undefined : data.tokens[token];
  return grant && { grant, character: data.characters[grant.character] };
}

/** Answers one API request against `data` (which POSTs modify in place), as the profile answers. */
export function handleApi(
  data: SandboxData,
  request: ApiRequest,
  baseUrl: string,
  profile: SandboxProfile = 'default',
  features: SandboxFeatures = DEFAULT_FEATURES,
): Reply {
  const reply = answer(data, request, baseUrl, profile, features);
  if (profile !== 'live' || reply.status < 400) return reply;
  return { ...reply, ...liveErrorBody(reply.status, reply.body) };
}

function answer(
  data: SandboxData,
  request: ApiRequest,
  baseUrl: string,
  profile: SandboxProfile,
  features: SandboxFeatures,
): Reply {
  const segments = request.path.split('/').slice(1);
  const candidates = ENDPOINTS.flatMap((endpoint) => {
    const params = matches(endpoint, segments);
    return params ? [{ endpoint, params }] : [];
  });
  if (candidates.length === 0) return errorReply(404, 'not_found', 'No such endpoint');
  const match = candidates.find((c) => c.endpoint.method === request.method);
  if (!match) return methodNotAllowed(request.method, [...new Set(candidates.map((c) => c.endpoint.method))]);

  const auth = grantFor(data, request.authorization);
  if (!auth) return errorReply(401, 'unauthorized', 'Missing or invalid access token');
  const { endpoint, params } = match;
  const missingScopes = endpoint.scopes.filter((s) => !auth.grant.scopes.includes(s));
  if (missingScopes.length > 0) {
    return errorReply(403, 'missing_scope', `Missing scope(s): ${missingScopes.join(', ')}`, {
      missingScopes,
    });
  }
  if (endpoint.premiumOnly && !auth.grant.premium) return premiumRequired();
  return endpoint.handle({ data, ...auth, baseUrl, body: request.body, profile, features }, params);
}
