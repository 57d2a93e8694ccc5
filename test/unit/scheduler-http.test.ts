/**
 * The scheduler with the real client over real HTTP: against the sandbox (a 429 fault on a write)
 * and against a small fixed-window rate limiter in front of it (the sandbox itself has no limit
 * on this branch), which answers 429 with Retry-After and no other rate header.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '../../lib/api/client';
import { placed } from '../../lib/api/http-config';
import { MAX_IN_FLIGHT, RequestScheduler } from '../../lib/api/scheduler';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';
import { config, requests, value } from './api-helpers';

const sandbox = useSandbox();
const LIMIT = 4;
const WINDOW_MS = 2_000;
let limiter: http.Server;
let limiterUrl = '';
const answered: { at: number; status: number }[] = [];

beforeAll(async () => {
  let windowStart = -Infinity;
  let used = 0;
  limiter = http.createServer((req, res) => {
    const now = Date.now();
    if (now >= windowStart + WINDOW_MS) {
      windowStart = now;
      used = 0;
    }
    if (used >= LIMIT) {
      answered.push({ at: now, status: 429 });
      const wait = Math.ceil((windowStart + WINDOW_MS - now) / 1000);
      res.writeHead(429, { 'Retry-After': String(wait), 'Content-Type': 'application/json' });
      res.end('{"message":"too many requests"}');
      return;
    }
    used += 1;
    answered.push({ at: now, status: 200 });
    void fetch(`${sandbox.url}${req.url ?? '/'}`, {
      headers: { Authorization: req.headers.authorization ?? '' },
    }).then(async (upstream) => {
      res.writeHead(upstream.status, {
        'Content-Type': upstream.headers.get('content-type') ?? 'text/plain',
      });
      res.end(await upstream.text());
    });
  });
  await new Promise<void>((resolve) => limiter.listen(0, '127.0.0.1', resolve));
  limiterUrl = `http://127.0.0.1:${(limiter.address() as AddressInfo).port}`;
});

afterAll(async () => {
  limiter.closeAllConnections();
  await new Promise((resolve) => limiter.close(resolve));
});

const building = DEMO.buildings.juergen[0] as string;

describe('scheduler over HTTP', () => {
  it('reads 12 slots through a 4-per-2-s limiter: every read arrives, and after learning at most a raise tried meets a 429', async () => {
    const scheduler = new RequestScheduler();
    const cfg = { baseUrl: limiterUrl, token: DEMO.premium.token, timeoutMs: 3_000, scheduler };
    const reads = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        api.readBuildingOption(placed(cfg, 'visible', { order: i }), building, i + 1),
      ),
    );
    for (const read of reads) value(read);
    const refusals = answered.filter((a) => a.status === 429);
    // Until the first 429 nothing is known, so what is in flight then may meet the limit too;
    // from the wait on, the learned budget keeps every request under it but a raise tried (one).
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.length).toBeLessThanOrEqual(MAX_IN_FLIGHT);
    const firstRefusal = refusals[0]?.at ?? 0;
    expect(refusals.filter((a) => a.at > firstRefusal + 1_000).length).toBeLessThanOrEqual(1);
    expect(answered.filter((a) => a.status === 200)).toHaveLength(12);
    expect(scheduler.view()[0]?.budget).toMatchObject({ limit: LIMIT, source: 'learned' });
  });

  it('a write refused with 429 by the sandbox is sent again when allowed and is saved', async () => {
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 429,
      headers: { 'Retry-After': '1' },
      times: 1,
    });
    const scheduler = new RequestScheduler();
    const cfg = placed({ ...config(sandbox, DEMO.premium.token), scheduler }, 'user');
    const written = await api.writeBuildingOption(cfg, {
      apiSecret: DEMO.premium.secret,
      buildingId: building,
      option: 2,
      title: 'after 429',
      data: 'written once allowed',
    });
    value(written);
    const posts = requests(sandbox, '/building/options', 'POST');
    expect(posts.map((p) => p.status)).toEqual([429, 200]);
    expect((posts[1]?.time ?? 0) - (posts[0]?.time ?? 0)).toBeGreaterThanOrEqual(900);
    expect(value(await api.readBuildingOption(cfg, building, 2)).title).toBe('after 429');
  });
});
