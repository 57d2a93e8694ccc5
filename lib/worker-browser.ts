/**
 * `wxt/browser` in the background worker's build only (wxt.config.ts aliases it there; pages keep
 * webextension-polyfill): the browser's own namespace. Under MV3 every API the worker calls returns
 * a promise natively in Chromium and Firefox, so the polyfill (9.6 KB, a quarter of the worker's
 * growth room) did one thing left for the worker: answer a message with the promise its
 * `runtime.onMessage` listener returns, which Chromium does natively only from version 148. That
 * one event is adapted here; everything else is the native object itself.
 */
import type { Browser } from 'webextension-polyfill';

type Respond = (answer: unknown) => void;
type Listener = (message: unknown, sender: unknown) => unknown;
type NativeListener = (message: unknown, sender: unknown, respond: Respond) => boolean;

interface NativeEvent {
  addListener(listener: NativeListener): void;
  removeListener(listener: NativeListener): void;
  hasListener(listener: NativeListener): boolean;
}

export interface NativeNamespace {
  runtime: { id?: string; onMessage: NativeEvent };
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';

/**
 * A listener's promise becomes the answer, as webextension-polyfill does it: a rejection is sent in
 * the polyfill's own form, so a page's `sendMessage` (polyfilled) rejects with its message.
 */
function messageEvent(native: NativeEvent) {
  const wrappers = new WeakMap<Listener, NativeListener>();
  const wrap = (listener: Listener): NativeListener => {
    let wrapper = wrappers.get(listener);
    if (!wrapper) {
      wrapper = (message, sender, respond) => {
        const answer = listener(message, sender);
        if (!isThenable(answer)) return false;
        answer.then(respond, (error: unknown) =>
          respond({
            __mozWebExtensionPolyfillReject__: true,
            message: error instanceof Error ? error.message : String(error),
          }),
        );
        return true;
      };
      wrappers.set(listener, wrapper);
    }
    return wrapper;
  };
  return {
    addListener: (listener: Listener) => native.addListener(wrap(listener)),
    removeListener: (listener: Listener) => native.removeListener(wrap(listener)),
    hasListener: (listener: Listener) => native.hasListener(wrap(listener)),
  };
}

/** Chromium's `chrome` with `runtime.onMessage` answering by promise; its methods keep their receiver. */
export function withPromiseAnswers<T extends NativeNamespace>(native: T): T {
  const onMessage = messageEvent(native.runtime.onMessage);
  // The proxy's target is an empty object, as in the polyfill: a native property that is neither
  // writable nor configurable may then still be answered with a bound function or the adapter.
  const bound = <O extends object>(target: O, own: Record<PropertyKey, unknown>): O =>
    new Proxy(Object.create(target) as O, {
      get(_, key) {
        if (Object.hasOwn(own, key)) return own[key];
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
  return bound(native, { runtime: bound(native.runtime, { onMessage }) });
}

/** Firefox's `browser` as it is (so did the polyfill); Chromium's `chrome` with the adapted event. */
export function workerBrowser(scope: { browser?: NativeNamespace; chrome?: NativeNamespace }): Browser {
  if (scope.browser?.runtime?.id) return scope.browser as unknown as Browser;
  if (!scope.chrome?.runtime?.id)
    throw new Error('This script should only be loaded in a browser extension.');
  return withPromiseAnswers(scope.chrome) as unknown as Browser;
}

export const browser: Browser = workerBrowser(globalThis as Parameters<typeof workerBrowser>[0]);
