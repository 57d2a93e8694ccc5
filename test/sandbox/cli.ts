/**
 * `npm run sandbox [-- --port 8787] [--latency ms] [--cors] [--profile live] [--rate-limit N[/seconds]]
 * [--rate-headers] [--no-factory-list]`: runs the sandbox API on 127.0.0.1
 * until SIGINT/SIGTERM. The port can also come from SANDBOX_PORT.
 */
import { parseArgs } from 'node:util';
import { describeSandbox } from './banner';
import { PROFILES, type SandboxProfile } from './live';
import { parseRateLimit } from './rate-limit';
import { startSandbox } from './server';

function fail(message: string): never {
  console.error(`sandbox: ${message}`);
  process.exit(1);
}

function numberArg(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max) {
    fail(`${name} must be an integer from 0 to ${max}, got "${raw}"`);
  }
  return n;
}

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    latency: { type: 'string' },
    cors: { type: 'boolean', default: false },
    profile: { type: 'string', default: 'default' },
    'rate-limit': { type: 'string' },
    'rate-headers': { type: 'boolean', default: false },
    'no-factory-list': { type: 'boolean', default: false },
  },
});
const port = numberArg('--port', values.port ?? process.env.SANDBOX_PORT, 8787, 65_535);
const latencyMs = numberArg('--latency', values.latency, 0, 600_000);
const cors = values.cors ?? false;
const profile = values.profile as SandboxProfile;
if (!PROFILES.includes(profile)) fail(`--profile must be one of ${PROFILES.join(', ')}, got "${profile}"`);
const rateLimitArg = values['rate-limit'];
const parsedLimit = rateLimitArg === undefined ? null : parseRateLimit(rateLimitArg);
if (parsedLimit && !parsedLimit.ok) fail(`--rate-limit: ${parsedLimit.message}`);
const rateLimit = parsedLimit?.ok ? parsedLimit.value : null;
const rateHeaders = values['rate-headers'] ?? false;
const factoryList = !(values['no-factory-list'] ?? false);
const settings = { latencyMs, cors, profile, rateLimit, rateHeaders, factoryList };

const sandbox = await startSandbox({ port, host: '127.0.0.1', ...settings }).catch((error: unknown) =>
  fail(error instanceof Error ? error.message : String(error)),
);
console.log(`${describeSandbox(sandbox.url, settings)}\n\nPress Ctrl+C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().finally(() => process.exit(0));
  });
}
