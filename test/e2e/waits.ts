/**
 * The named waits of the E2E suites, each bounded: a test waits for an event, never for a sleep.
 * "Nothing more is sent" is asserted at one of these moments, not after a window of time.
 */
import { expect } from 'vitest';
import type { Sandbox } from '../sandbox/server';

export { settled } from './test-door';

/** Every request the sandbox has received is answered (for a worker that was stopped, say). */
export async function sandboxAnswered(sandbox: Sandbox, timeout = 15_000): Promise<void> {
  await expect.poll(() => sandbox.log.filter((r) => r.status === 0).length, { timeout }).toBe(0);
}
