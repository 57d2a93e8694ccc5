/**
 * A dashboard page links late.css only when a view after its first one loads (the sections below
 * the details, the Slots or Portfolio tab). It is linked before that view's chunk, so it comes
 * before the chunk's own stylesheet (the order the cascade had when all was one file), and the view
 * renders once both have arrived: nothing shows unstyled.
 */
export function withLateStyles<T>(load: () => Promise<T>): Promise<T> {
  const styles = import('./late.css');
  return Promise.all([styles, load()]).then(([, loaded]) => loaded);
}
