import { browser } from 'wxt/browser';
import { createHandlers } from '@/lib/handlers';
import { createRouter, isTrustedSender } from '@/lib/messaging/router';

export default defineBackground(() => {
  const route = createRouter(
    createHandlers({
      hasOriginPermission: (pattern) => browser.permissions.contains({ origins: [pattern] }),
    }),
  );
  const extensionOrigin = browser.runtime.getURL('/');
  // Registered synchronously at start-up so a message that wakes the worker is not missed.
  browser.runtime.onMessage.addListener((message, sender) => {
    if (!isTrustedSender(sender, browser.runtime.id, extensionOrigin)) {
      return Promise.resolve({ ok: false, error: { kind: 'badMessage', message: 'sender refused' } });
    }
    return route(message);
  });
});
