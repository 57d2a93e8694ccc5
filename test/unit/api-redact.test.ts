/**
 * The HTTP layer removes the known token and secret from every server text before it goes
 * anywhere: error messages, a 2xx body shown as "malformed", a write's refusal.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { readBuildingOption, writeBuildingOption } from '../../lib/api/client';
import { redactCredentials } from '../../lib/api/redact';
import { echoCredentialsFault } from '../sandbox/faults';
import { useSandbox } from '../sandbox/fixture';
import { DEMO } from '../sandbox/seed';
import { config, error } from './api-helpers';

const sandbox = useSandbox();
beforeEach(() => sandbox.clearLog());

const { token, secret } = DEMO.premium;
const [b1] = DEMO.buildings.juergen;
const cfg = () => config(sandbox, token, { secret, retries: 0 });
const write = () =>
  writeBuildingOption(cfg(), {
    apiSecret: secret,
    buildingId: b1 as string,
    option: 2,
    title: 't',
    data: 'd',
  });

function expectNoCredentials(text: string): void {
  expect(text).not.toContain(token);
  expect(text).not.toContain(secret);
}

describe('server text never carries the token or the secret', () => {
  it('a refused write whose message echoes the request (token and secret)', async () => {
    sandbox.addFault(echoCredentialsFault('/building/options', { method: 'POST' }));
    const failure = error(await write());
    expect(failure.kind).toBe('validation');
    const text = JSON.stringify(failure);
    expectNoCredentials(text);
    expect(text).toContain('refused: Authorization Bearer [token removed]');
    expect(text).toContain('[secret removed]');
  });

  it('a read refused with 401 echoing the token, and a 500 echoing it as HTML', async () => {
    sandbox.addFault(echoCredentialsFault('/building/options/', { method: 'GET', status: 401, times: 1 }));
    expectNoCredentials(JSON.stringify(error(await readBuildingOption(cfg(), b1 as string, 1))));
    sandbox.addFault({
      path: '/building/options/',
      kind: 'status',
      status: 500,
      body: `<html><body><h1>Error</h1><p>token=${token}&amp;secret=${encodeURIComponent(secret)}</p></body></html>`,
      times: 1,
    });
    expectNoCredentials(JSON.stringify(error(await readBuildingOption(cfg(), b1 as string, 1))));
  });

  it('a 2xx that is not what was expected is shown without them', async () => {
    sandbox.addFault({
      path: '/building/options',
      method: 'POST',
      kind: 'status',
      status: 200,
      contentType: 'text/plain',
      body: `ok ${secret} ${token}`,
    });
    const failure = error(await write());
    expect(failure.kind).toBe('malformed');
    expectNoCredentials(JSON.stringify(failure));
  });

  it('redactCredentials: raw, JSON-escaped and URL-encoded forms; short values are left alone', () => {
    const s = 'se"c/ret+1';
    const text = `a ${s} b ${JSON.stringify(s)} c ${encodeURIComponent(s)} d tok-12345`;
    const out = redactCredentials(text, { token: 'tok-12345', secret: s });
    expect(out).toBe('a [secret removed] b "[secret removed]" c [secret removed] d [token removed]');
    expect(redactCredentials('a b a', { token: 'a', secret: '' })).toBe('a b a');
  });
});
