/**
 * The E2E build's test-only door (lib/test-door.ts) from the test's side: set-up without the
 * options form, and waiting for the worker to be settled instead of for a sleep or a page's guess.
 */
import type { Worker } from 'playwright-core';
import { E2E_TIME_SCALE } from '../../lib/api/clock';
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

/**
 * How long the worker waits for an answer from now on, in the test's (real) ms: the worker's clock
 * runs ×E2E_TIME_SCALE. Until the worker stops: set it again per test.
 */
export async function setRequestTimeout(session: ExtensionSession, ms: number): Promise<void> {
  await workerOf(session).evaluate(
    (given) => (globalThis as unknown as { __TEST__: TestDoor }).__TEST__.setRequestTimeout(given),
    ms * E2E_TIME_SCALE,
  );
}

/**
 * Back to a new install between two tests of one browser: the extension's pages close, and once
 * the worker is settled its storage is cleared and its scheduler forgets every queue.
 */
export async function resetThroughDoor(session: ExtensionSession): Promise<void> {
  const pages = session.context.pages();
  const blank = pages.find((page) => page.url() === 'about:blank') ?? (await session.context.newPage());
  await Promise.all(pages.filter((page) => page !== blank).map((page) => page.close()));
  await workerOf(session).evaluate(() => (globalThis as unknown as { __TEST__: TestDoor }).__TEST__.reset());
}

/** Waits until no request is queued or in flight and no job runs (bounded; the error names what is busy). */
export function settled(session: ExtensionSession, timeoutMs = 15_000): Promise<Activity> {
  return workerOf(session).evaluate(
    (bound) => (globalThis as unknown as { __TEST__: TestDoor }).__TEST__.settled(bound),
    timeoutMs,
  );
}
