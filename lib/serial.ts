/**
 * A queue of tasks run one after another: each starts once every earlier one has settled (a
 * failed one included), so two read-change-write steps never drop each other's change.
 */
export function serialQueue(): <T>(task: () => T | Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return (task) => {
    const run = last.then(task);
    last = run.catch(() => undefined);
    return run;
  };
}
