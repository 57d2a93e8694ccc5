import { describe, expect, it } from 'vitest';
import { type NativeNamespace, withPromiseAnswers, workerBrowser } from '../../lib/worker-browser';

type NativeListener = (message: unknown, sender: unknown, respond: (answer: unknown) => void) => boolean;

/** Chromium's event as it behaves without promise answers: the listener's return says "async". */
function nativeChrome() {
  const listeners = new Set<NativeListener>();
  const runtime = {
    id: 'extension-id',
    getURL(this: unknown, path: string) {
      if (this !== runtime) throw new TypeError('Illegal invocation');
      return `chrome-extension://extension-id/${path}`;
    },
    onMessage: {
      addListener: (listener: NativeListener) => void listeners.add(listener),
      removeListener: (listener: NativeListener) => void listeners.delete(listener),
      hasListener: (listener: NativeListener) => listeners.has(listener),
    },
  };
  Object.freeze(runtime);
  const chrome = Object.freeze({ runtime, storage: { area: 'local' } });
  /** Sends a message as Chromium does: the answer is what `respond` got, or undefined when none. */
  const send = (message: unknown) =>
    new Promise<unknown>((done) => {
      for (const listener of listeners) if (listener(message, { id: 'extension-id' }, done)) return;
      done(undefined);
    });
  return { chrome, send, listeners };
}

describe("the worker's browser namespace", () => {
  it('answers a message with the value its listener’s promise resolves to', async () => {
    const { chrome, send } = nativeChrome();
    const browser = withPromiseAnswers(chrome as unknown as NativeNamespace) as unknown as typeof chrome;
    browser.runtime.onMessage.addListener(((message: { n: number }) =>
      Promise.resolve({ ok: true, value: message.n * 2 })) as unknown as NativeListener);
    await expect(send({ n: 21 })).resolves.toEqual({ ok: true, value: 42 });
  });

  it('sends a rejection in the polyfill’s form and leaves a listener without a promise unanswered', async () => {
    const { chrome, send } = nativeChrome();
    const browser = withPromiseAnswers(chrome as unknown as NativeNamespace) as unknown as typeof chrome;
    const failing = (() => Promise.reject(new Error('broken'))) as unknown as NativeListener;
    browser.runtime.onMessage.addListener(failing);
    await expect(send({})).resolves.toEqual({ __mozWebExtensionPolyfillReject__: true, message: 'broken' });
    browser.runtime.onMessage.removeListener(failing);
    expect(browser.runtime.onMessage.hasListener(failing)).toBe(false);
    browser.runtime.onMessage.addListener((() => undefined) as unknown as NativeListener);
    await expect(send({})).resolves.toBeUndefined();
  });

  it('keeps every other native member, methods called on their own object', () => {
    const { chrome } = nativeChrome();
    const browser = withPromiseAnswers(chrome as unknown as NativeNamespace) as unknown as typeof chrome;
    expect(browser.runtime.getURL('popup.html')).toBe('chrome-extension://extension-id/popup.html');
    expect(browser.runtime.id).toBe('extension-id');
    expect(browser.storage).toBe(chrome.storage);
  });

  it('uses Firefox’s browser as it is, and refuses a page that is no extension', () => {
    const firefox = {
      runtime: { id: 'addon@example.org', onMessage: nativeChrome().chrome.runtime.onMessage },
    };
    expect(workerBrowser({ browser: firefox, chrome: nativeChrome().chrome })).toBe(firefox);
    expect(() => workerBrowser({})).toThrow(/only be loaded in a browser extension/);
  });
});
