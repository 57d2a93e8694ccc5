/** The text printed when a sandbox starts: base URL, demo tokens, secrets and ids. */
import { createSeedData, DEMO } from './seed';

export function describeSandbox(url: string, settings: { latencyMs?: number; cors?: boolean } = {}): string {
  const { tokens, characters } = createSeedData();
  const { premium, basic } = DEMO;
  const accounts = Object.entries(DEMO.bankAccounts)
    .map(([building, ids]) => `${building}: ${ids.length ? ids.join(', ') : '(none)'}`)
    .join('; ');
  return [
    `Sandbox API running at ${url}  (latency ${settings.latencyMs ?? 0} ms, CORS ${settings.cors ? 'on' : 'off'})`,
    '',
    'Tokens (Authorization: Bearer <token>):',
    ...Object.entries(tokens).map(([token, grant]) => `  ${token.padEnd(22)} ${grant.description}`),
    `  ${DEMO.unknownToken.padEnd(22)} unknown token (401)`,
    'API secrets (apiSecret of POST /building/options and /factory/options):',
    ...Object.values(characters).map((c) => `  ${c.name.padEnd(22)} ${c.apiSecret}`),
    `Buildings:     ${premium.character}: ${DEMO.buildings.juergen.join(', ')}; ` +
      `${basic.character}: ${DEMO.buildings.kaethe.join(', ')} ` +
      `(${premium.character} rents a room in ${DEMO.rentedByJuergen}: 404 for him)`,
    `Factories:     ${premium.character}: ${DEMO.factories.juergen.join(', ')}; ` +
      `${basic.character}: ${DEMO.factories.kaethe.join(', ')}`,
    `Bank accounts: ${accounts} (acc-1001-1 has ${DEMO.transactionCounts['acc-1001-1']} transactions)`,
    `HTML title:    ${DEMO.htmlTitle.building} option ${DEMO.htmlTitle.option}`,
    'Control:       POST /__sandbox/reset, POST /__sandbox/latency {"ms":100}, POST|DELETE /__sandbox/faults,',
    '               GET|DELETE /__sandbox/log',
  ].join('\n');
}
