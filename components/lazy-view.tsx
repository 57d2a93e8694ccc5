/**
 * A view whose code loads on first render, outside the page's first bytes: a status line until it
 * arrives (nothing, for a view that shows nothing until the worker answers), an error notice if it
 * cannot load. Once loaded, later renders show it at once.
 */
import type { ComponentType, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { type MessageKey, t } from '../lib/i18n';

export function lazyView<P extends object>(
  load: () => Promise<ComponentType<P>>,
  loadingKey: MessageKey | null,
): (props: P) => JSX.Element {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));

  return function LazyView(props: P) {
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [failed, setFailed] = useState<string | null>(null);
    useEffect(() => {
      if (Component) return;
      start().then(
        (component) => setComponent(() => component),
        (error: unknown) => {
          loading = null;
          setFailed(String(error));
        },
      );
    }, [Component]);
    if (failed)
      return (
        <p class="field-error" role="alert">
          {t('view_loadFailed', failed)}
        </p>
      );
    if (!Component)
      return loadingKey === null ? (
        <></>
      ) : (
        <p class="hint" role="status">
          {t(loadingKey)}
        </p>
      );
    return <Component {...props} />;
  };
}
