/**
 * A failed import keeps the server's reason in its job record in storage.local: a server that
 * echoes the token and secret must not get them stored there (the secret was set to session-only).
 */
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { Target } from '../../lib/api/schemas';
import { createHandlers } from '../../lib/handlers';
import type { WorkerDeps } from '../../lib/connection';
import type { Job } from '../../lib/storage/jobs';
import { originPattern } from '../../lib/storage/settings';
import { echoCredentialsFault } from '../sandbox/faults';
import { useSandbox } from '../sandbox/fixture';
import { signIn, storedJob } from './worker-helpers';
import { DEMO } from '../sandbox/seed';

const sandbox = useSandbox();
const deps: WorkerDeps = {
  hasOriginPermission: async (pattern) => pattern === originPattern(sandbox.url),
  timeoutMs: 2_000,
};
const handlers = createHandlers(deps);
const target: Target = { kind: 'building', id: 'b-1001' };

async function finished(id: string): Promise<Job> {
  for (let i = 0; i < 400; i++) {
    const job = await storedJob(id);
    if (job?.state === 'finished') return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`job ${id} did not finish`);
}

beforeEach(() => fakeBrowser.reset());

it('a write refused with the credentials echoed is stored as failed, without them', async () => {
  await signIn(handlers, sandbox);
  sandbox.addFault(echoCredentialsFault('/building/options', { method: 'POST' }));
  const started = await handlers.startImport({ target, slots: [{ slot: 3, title: 'Neu', data: 'x' }] });
  if (!started.ok) throw new Error(started.error.kind);
  const job = await finished(started.value.id);
  expect(job.items[0]?.status).toBe('failed');
  const local = JSON.stringify(await fakeBrowser.storage.local.get(null));
  expect(local).toContain('refused: Authorization Bearer');
  expect(local).not.toContain(DEMO.premium.token);
  expect(local).not.toContain(DEMO.premium.secret);
});
