/**
 * The E2E build's test-only door (lib/test-door.ts) from the test's side: set-up without the
 * options form, and waiting for the worker to be settled instead of for a sleep or a page's guess.
 */
import type { Worker } from 'playwright-core';
import type { Activity, TestDoor } from '../../lib/test-door';
import type { ExtensionSession } from './browser';
import type { Credentials } from './pages/options-page';

const workerOf = (session: ExtensionSession): Worker => session.context.serviceWorkers()[0] ?? session.worker;

/** Saves the connection through the worker's settings handler (the options form's own path). */
export async function configureThroughDoor(
  session: ExtensionSession,
  { baseUrl, token, secret = '', persistence = 'session' }: Credentials,
): Promise<void> {
  const input = { baseUrl, token, secret, secretPersistence: persistence, premiumOverride: 'auto' as const };
  const answer = await workerOf(session).evaluate(
    (given) => (globalThis as unknown as { __TEST__: TestDoor }).__TEST__.configure(given),
    input,
  );
  if (!answer.ok) throw new Error(`set-up through the test door refused: ${JSON.stringify(answer.error)}`);
}

/** How long the worker waits for an answer from now on (until it stops: set it again per test). */
export async function setRequestTimeout(session: ExtensionSession, ms: number): Promise<void> {
  await workerOf(session).evaluate(
    (given) => (globalThis as unknown as { __TEST__: TestDoor }).__TEST__.setRequestTimeout(given),
    ms,
  );
}

/** Waits until no request is queued or in flight and no job runs (bounded; the error names what is busy). */
export function settled(session: ExtensionSession, timeoutMs = 15_000): Promise<Activity> {
  return workerOf(session).evaluate(
    (bound) => (globalThis as unknown as { __TEST__: TestDoor }).__TEST__.settled(bound),
    timeoutMs,
  );
}
