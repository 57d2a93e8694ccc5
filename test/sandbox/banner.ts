/** The text printed when a sandbox starts: base URL, demo tokens, secrets and ids. */
import { LANDLORD } from './landlord';
import { LIVE_DEMO, type SandboxProfile } from './live';
import type { RateLimit } from './rate-limit';
import { createSeedData, DEMO } from './seed';

export interface BannerSettings {
  latencyMs?: number;
  cors?: boolean;
  profile?: SandboxProfile;
  rateLimit?: RateLimit | null;
  rateHeaders?: boolean;
  factoryList?: boolean;
}

function describeLimit({ rateLimit, rateHeaders }: BannerSettings): string {
  if (!rateLimit) return 'no request limit';
  const headers = rateHeaders ? ', X-RateLimit-* headers' : '';
  return `${rateLimit.limit} requests per ${rateLimit.windowSeconds} s and token (429 + Retry-After${headers})`;
}

/** What the live profile changes, with its ids (the default profile's ids do not apply there). */
function describeLive(): string[] {
  const l = LIVE_DEMO;
  return [
    'Profile live: premium-locked endpoints answer 401 {"message":"Für diesen Endpunkt wird Premium benötigt"},',
    '               empty lists 404 {"message":"empty"}, errors {"message":...}, the building list only id + hash,',
    '               bank accounts { id, vban, balance, note, main }, transactions { totalTransactions, transactions },',
    '               an empty title or data refused: 422 {"message":"The title field is required."}.',
    `Buildings:     ${DEMO.premium.character}: ${l.buildings.juergen.join(', ')}; ${DEMO.basic.character}: ${l.buildings.kaethe.join(', ')}`,
    `Factories:     ${DEMO.premium.character}: ${l.factories.juergen.join(', ')}; ${DEMO.basic.character}: ${l.factories.kaethe.join(', ')}`,
    `Bank accounts: ${l.busyAccount} has ${l.busyAccountTransactions} transactions; ${l.emptyAccount} none; ` +
      `building ${l.buildingWithoutAccounts} has no account`,
  ];
}

export function describeSandbox(url: string, settings: BannerSettings = {}): string {
  const { tokens, characters } = createSeedData();
  return [
    `Sandbox API running at ${url}  (profile ${settings.profile ?? 'default'}, latency ${settings.latencyMs ?? 0} ms, ` +
      `CORS ${settings.cors ? 'on' : 'off'}, ${describeLimit(settings)}, ` +
      `GET /factory/list/ ${settings.factoryList === false ? 'off (404)' : 'on'})`,
    '',
    'Tokens (Authorization: Bearer <token>):',
    ...Object.entries(tokens).map(([token, grant]) => `  ${token.padEnd(22)} ${grant.description}`),
    `  ${DEMO.unknownToken.padEnd(22)} unknown token (401)`,
    'API secrets (apiSecret of POST /building/options and /factory/options):',
    ...Object.values(characters).map((c) => `  ${c.name.padEnd(22)} ${c.apiSecret}`),
    ...(settings.profile === 'live' ? describeLive() : defaultIds()),
    `Landlord:      ${LANDLORD.character} (${LANDLORD.token}): 12 buildings, late payers in ${LANDLORD.lateRooms.join(', ')}`,
    'Control:       POST /__sandbox/reset, POST /__sandbox/latency {"ms":100}, POST|DELETE /__sandbox/faults,',
    '               GET|DELETE /__sandbox/log, POST /__sandbox/profile {"profile":"live"},',
    '               POST|DELETE /__sandbox/rate-limit {"limit":10,"windowSeconds":60}, POST /__sandbox/rate-headers {"on":true},',
    '               POST /__sandbox/room {"roomId":"r-3001-01","tenant":null}, POST /__sandbox/payment {"roomId":…,"daysAgo":10},',
    '               POST /__sandbox/sell {"buildingId":…}',
  ].join('\n');
}

function defaultIds(): string[] {
  const { premium, basic } = DEMO;
  const accounts = Object.entries(DEMO.bankAccounts)
    .map(([building, ids]) => `${building}: ${ids.length ? ids.join(', ') : '(none)'}`)
    .join('; ');
  return [
    `Buildings:     ${premium.character}: ${DEMO.buildings.juergen.join(', ')}; ` +
      `${basic.character}: ${DEMO.buildings.kaethe.join(', ')} ` +
      `(${premium.character} rents a room in ${DEMO.rentedByJuergen}: 404 for him)`,
    `Factories:     ${premium.character}: ${DEMO.factories.juergen.join(', ')}; ` +
      `${basic.character}: ${DEMO.factories.kaethe.join(', ')}`,
    `Bank accounts: ${accounts} (acc-1001-1 has ${DEMO.transactionCounts['acc-1001-1']} transactions)`,
    `HTML title:    ${DEMO.htmlTitle.building} option ${DEMO.htmlTitle.option}`,
  ];
}
