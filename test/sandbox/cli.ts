/**
 * `npm run sandbox [-- --port 8787] [--latency ms] [--cors]`: runs the sandbox API on 127.0.0.1
 * until SIGINT/SIGTERM. The port can also come from SANDBOX_PORT.
 */
import { parseArgs } from 'node:util';
import { createSeedData, DEMO } from './seed';
import { startSandbox } from './server';

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  process.exit(1);
}

function numberArg(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max)
    fail(`${name} must be an integer from 0 to ${max}, got "${raw}"`);
  return n;
}

function banner(url: string, latencyMs: number, cors: boolean): string {
  const { tokens, characters } = createSeedData();
  const accounts = Object.entries(DEMO.bankAccounts)
    .map(([building, ids]) => `${building}: ${ids.length ? ids.join(', ') : '(none)'}`)
    .join('; ');
  return [
    `Sandbox API running at ${url}  (latency ${latencyMs} ms, CORS ${cors ? 'on' : 'off'})`,
    '',
    'Tokens (Authorization: Bearer <token>):',
    ...Object.entries(tokens).map(([token, grant]) => `  ${token.padEnd(22)} ${grant.description}`),
    `  ${DEMO.unknownToken.padEnd(22)} unknown token (401)`,
    'API secrets (apiSecret of POST /building/options and /factory/options):',
    ...Object.values(characters).map((c) => `  ${c.name.padEnd(22)} ${c.apiSecret}`),
    `Buildings:     ${DEMO.premium.character}: ${DEMO.buildings.juergen.join(', ')}; ` +
      `${DEMO.basic.character}: ${DEMO.buildings.kaethe.join(', ')} ` +
      `(${DEMO.premium.character} rents a room in ${DEMO.rentedByJuergen}: 404 for him)`,
    `Factories:     ${DEMO.premium.character}: ${DEMO.factories.juergen.join(', ')}; ` +
      `${DEMO.basic.character}: ${DEMO.factories.kaethe.join(', ')}`,
    `Bank accounts: ${accounts} (acc-1001-1 has ${DEMO.transactionCounts['acc-1001-1']} transactions)`,
    `HTML title:    ${DEMO.htmlTitle.building} option ${DEMO.htmlTitle.option}`,
    'Control:       POST /__sandbox/reset, POST /__sandbox/latency {"ms":100}, POST|DELETE /__sandbox/faults,',
    '               GET|DELETE /__sandbox/log',
    '',
    'Press Ctrl+C to stop.',
  ].join('\n');
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    latency: { type: 'string' },
    cors: { type: 'boolean', default: false },
  },
});
const port = numberArg('--port', values.port ?? process.env.SANDBOX_PORT, 8787, 65_535);
const latencyMs = numberArg('--latency', values.latency, 0, 600_000);
const cors = values.cors ?? false;

const sandbox = await startSandbox({ port, host: '127.0.0.1', latencyMs, cors }).catch((error: unknown) =>
  fail(error instanceof Error ? error.message : String(error)),
);
console.log(banner(sandbox.url, latencyMs, cors));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().finally(() => process.exit(0));
  });
}
