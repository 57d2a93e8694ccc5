/**
 * One write per slot at a time, whoever asks (a save, an import or undo job, a restore): the
 * conflict read, the history entry and the write of a slot run under its lock, so the next writer's
 * conflict read is sent only after the previous write has landed, sees it, and reports a conflict.
 *
 * The key is the server's slot (API origin, target, slot), coarser than one account: two keys of
 * one character, or two profiles of one key, write the same slot on the server.
 */
import type { Target } from '../api/schemas';

const tails = new Map<string, Promise<unknown>>();

export function slotLockKey(baseUrl: string, target: Target, option: number): string {
  let origin = baseUrl;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    // An invalid base URL is refused by the client; it still gets a lock of its own.
  }
  return [origin, target.kind, target.id, String(option)].join('\u0000');
}

/** Runs `write` once every earlier holder of the same key has finished (settled or thrown). */
export function withSlotLock<T>(key: string, write: () => Promise<T>): Promise<T> {
  const before = tails.get(key) ?? Promise.resolve();
  const run = before.then(write, write);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}
