/**
 * One sandbox per test file: started before its tests, reset before each, closed after. The
 * returned object stands for the running sandbox, so tests write `sandbox.url` as before.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Sandbox, type SandboxOptions, startSandbox } from './server';

export interface SandboxFixtureOptions {
  /**
   * Reset before each test (the default). `false` keeps its data, log and rate counters from one test
   * to the next, for files whose tests go on where the one before stopped.
   */
  resetEachTest?: boolean;
}

export function useSandbox(
  options: SandboxOptions = {},
  { resetEachTest = true }: SandboxFixtureOptions = {},
): Sandbox {
  let running: Sandbox | undefined;
  beforeAll(async () => {
    running = await startSandbox(options);
  });
  afterAll(async () => {
    await running?.close();
  });
  if (resetEachTest) beforeEach(() => running?.reset());
  return standIn(() => running, 'The sandbox');
}

/**
 * An object that stands for what `current()` returns at the moment it is used (a sandbox or a
 * browser a hook started), with `own` properties of its own in front. Used outside the hooks'
 * lifetime it throws, naming `what`.
 */
export function standIn<T extends object>(current: () => T | undefined, what: string, own: object = {}): T {
  return new Proxy(own as T, {
    get(_, key) {
      if (Object.hasOwn(own, key)) return Reflect.get(own, key);
      const running = current();
      if (!running) throw new Error(`${what} runs only inside the tests of this file.`);
      const value: unknown = Reflect.get(running, key);
      return typeof value === 'function' ? value.bind(running) : value;
    },
  });
}
