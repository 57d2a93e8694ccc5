/**
 * One sandbox per test file: started before its tests, reset before each, closed after. The
 * returned object stands for the running sandbox, so tests write `sandbox.url` as before.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type Sandbox, type SandboxOptions, startSandbox } from './server';

export function useSandbox(options: SandboxOptions = {}): Sandbox {
  let running: Sandbox | undefined;
  beforeAll(async () => {
    running = await startSandbox(options);
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(() => running?.reset());
  return new Proxy({} as Sandbox, {
    get(_, key) {
      if (!running) throw new Error('The sandbox runs only inside the tests of this file.');
      const value: unknown = Reflect.get(running, key);
      return typeof value === 'function' ? value.bind(running) : value;
    },
  });
}
