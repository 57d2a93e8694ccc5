/**
 * The sandbox API server: node:http plumbing around the pure endpoint handlers in api.ts.
 * Per request: control and static routes are answered at once; API requests are logged, wait
 * for the latency, meet the first matching fault, and are otherwise answered by handleApi.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_FEATURES, handleApi, errorReply, json, type Reply, type SandboxFeatures } from './api';
import { CONTROL_PREFIX, handleControl } from './control';
import { FaultList, echoReply, faultReply, hugeAnswerChunks } from './faults';
import { createLiveSeedData, type SandboxProfile } from './live';
import { RateLimiter } from './rate-limit';
import { createSeedData } from './seed';
import { SlotChanges, applySlotChange } from './slot-change';
import { handleStatic } from './static';

export type { LoggedRequest, Sandbox, SandboxOptions } from './sandbox';
import type { LoggedRequest, Sandbox, SandboxOptions } from './sandbox';
export type { Fault } from './faults';
export { DEMO } from './seed';
export { LIVE_DEMO, type SandboxProfile } from './live';
export type { RateLimit } from './rate-limit';
export type { SlotChange } from './slot-change';

const seedOf = (profile: SandboxProfile) => (profile === 'live' ? createLiveSeedData() : createSeedData());

const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type',
  'Access-Control-Expose-Headers': 'Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset',
  'Access-Control-Max-Age': '600',
};

function checkLatency(ms: number): number {
  if (!Number.isFinite(ms) || ms < 0)
    throw new RangeError(`latency must be a non-negative number, got ${ms}`);
  return ms;
}

/** Path (still percent-encoded) and query string without '?'. */
function splitUrl(raw = '/'): { path: string; query: string } {
  const q = raw.indexOf('?');
  return q === -1 ? { path: raw, query: '' } : { path: raw.slice(0, q), query: raw.slice(q + 1) };
}

function header(req: http.IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : (value ?? null);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A 'huge' fault's body, written chunk by chunk as the client reads it; stops when it hangs up. */
async function streamHuge(res: http.ServerResponse, bytes: number, headers: Record<string, string>) {
  res.writeHead(200, { ...headers, 'Content-Type': 'application/json' });
  for (const chunk of hugeAnswerChunks(bytes)) {
    if (res.destroyed) return;
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
  }
  res.end();
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const host = options.host ?? '127.0.0.1';
  const baseLatency = checkLatency(options.latencyMs ?? 0);
  const corsHeaders = options.cors ? CORS_HEADERS : {};

  const baseProfile = options.profile ?? 'default';
  let profile = baseProfile;
  let data = seedOf(profile);
  let latency = baseLatency;
  const baseFeatures: SandboxFeatures = { factoryList: options.factoryList ?? DEFAULT_FEATURES.factoryList };
  let features = { ...baseFeatures };
  const limiter = new RateLimiter(options.rateLimit ?? null, options.rateHeaders ?? false);
  let log: LoggedRequest[] = [];
  const faults = new FaultList();
  const slotChanges = new SlotChanges();
  const timers = new Set<NodeJS.Timeout>();
  let closing: Promise<void> | undefined;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const time = Date.now();
    const method = req.method ?? 'GET';
    const { path, query } = splitUrl(req.url);
    const body = await readBody(req);
    const send = (reply: Reply) => {
      if (res.destroyed || res.headersSent) return;
      res.writeHead(reply.status, { ...corsHeaders, ...reply.headers });
      res.end(reply.body);
    };

    if (path.startsWith(CONTROL_PREFIX)) return send(handleControl(sandbox, method, path, body));
    if (path.startsWith('/static/')) return send(handleStatic(data, method, path));
    if (method === 'OPTIONS') return send({ status: 204, headers: {}, body: '' });

    const entry: LoggedRequest = {
      time,
      method,
      path,
      query,
      authorization: header(req, 'authorization'),
      origin: header(req, 'origin'),
      body,
      status: 0,
    };
    log.push(entry);
    const rate = limiter.take(entry.authorization ?? '', time * (options.timeScale ?? 1));
    if (latency > 0) await sleep(latency);
    if (closing) return;

    const fault = faults.take(method, path);
    if (fault?.kind === 'hang') return;
    if (fault?.kind === 'drop') {
      req.socket.destroy();
      return;
    }
    if (fault?.kind === 'huge' && rate.allowed) {
      entry.status = 200;
      return streamHuge(res, fault.bytes ?? 0, { ...corsHeaders, ...rate.headers });
    }
    let reply: Reply;
    try {
      if (!rate.allowed) {
        reply =
          profile === 'live'
            ? json(429, { message: 'Too many requests' })
            : errorReply(429, 'rate_limited', 'Too many requests');
      } else {
        reply = fault
          ? fault.kind === 'echo'
            ? echoReply(fault, entry.authorization, body)
            : faultReply(fault)
          : handleApi(
              data,
              { method, path, authorization: entry.authorization, body },
              sandbox.url,
              profile,
              features,
            );
      }
    } catch (error) {
      reply = errorReply(500, 'internal_error', error instanceof Error ? error.message : String(error));
    }
    reply = { ...reply, headers: { ...reply.headers, ...rate.headers } };
    entry.status = reply.status;
    send(reply);
    slotChanges.answered(data, method, path, reply.status);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  const sandbox: Sandbox = {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    close() {
      closing ??= new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      return closing;
    },
    reset() {
      profile = baseProfile;
      data = seedOf(profile);
      faults.clear();
      slotChanges.clear();
      log = [];
      latency = baseLatency;
      features = { ...baseFeatures };
      limiter.limit = options.rateLimit ?? null;
      limiter.headers = options.rateHeaders ?? false;
      limiter.clear();
    },
    get profile() {
      return profile;
    },
    setProfile(next) {
      profile = next;
      data = seedOf(profile);
    },
    setRateLimit(limit) {
      limiter.limit = limit;
      limiter.clear();
    },
    setRateHeaders(on) {
      limiter.headers = on;
    },
    setFactoryList(on) {
      features = { ...features, factoryList: on };
    },
    setLatency(ms) {
      latency = checkLatency(ms);
    },
    addFault(fault) {
      faults.add(fault);
    },
    clearFaults() {
      faults.clear();
    },
    get log() {
      return log.map((entry) => ({ ...entry }));
    },
    clearLog() {
      log = [];
    },
    changeData(change) {
      return change(data);
    },
    changeSlot(change) {
      return applySlotChange(data, change);
    },
    changeSlotAfter(change) {
      slotChanges.add(change);
    },
  };
  return sandbox;
}
