import { browser } from 'wxt/browser';
import { type ImportDeps, createHandlers, resumeJobs } from '@/lib/handlers';
import { t } from '@/lib/i18n';
import { type ImportJob, JOBS_KEY, jobsFrom, progressOf, readJobs } from '@/lib/import/job';
import { putPendingSelection } from '@/lib/import/pending';
import { createRouter, isTrustedSender } from '@/lib/messaging/router';

const MENU_ID = 'send-selection';

/**
 * The test build (`wxt build --mode e2e`) gives up on an unanswered request after 3 s instead of the
 * client's 15 s, so the fault suite's hung requests take seconds. A build-time constant: the store
 * builds compile it away and keep the default.
 */
const REQUEST_TIMEOUT_MS = import.meta.env.MODE === 'e2e' ? 3_000 : undefined;

/** The toolbar badge follows the running jobs: `settled/total`, cleared when none is left. */
async function showProgress(jobs: ImportJob[]): Promise<void> {
  const running = jobs.filter((job) => job.state === 'running');
  let settled = 0;
  let total = 0;
  for (const job of running) {
    const progress = progressOf(job);
    settled += progress.settled;
    total += progress.total;
  }
  await browser.action.setBadgeText({ text: running.length > 0 ? `${settled}/${total}` : '' });
}

export default defineBackground(() => {
  const deps: ImportDeps = {
    hasOriginPermission: (pattern) => browser.permissions.contains({ origins: [pattern] }),
    ...(REQUEST_TIMEOUT_MS ? { timeoutMs: REQUEST_TIMEOUT_MS } : {}),
  };
  const route = createRouter(createHandlers(deps));
  const extensionRoot = browser.runtime.getURL('');
  // Every listener is registered synchronously at start-up so an event that wakes the worker is not missed.
  browser.runtime.onMessage.addListener((message, sender) => {
    if (!isTrustedSender(sender, browser.runtime.id, extensionRoot)) {
      return Promise.resolve({ ok: false, error: { kind: 'badMessage', message: 'sender refused' } });
    }
    return route(message);
  });

  browser.storage.onChanged.addListener((changes, area) => {
    // The change carries the new list: no second read of storage per progress step.
    const change = changes[JOBS_KEY];
    if (area === 'local' && change) void showProgress(jobsFrom(change.newValue)).catch(() => undefined);
  });

  browser.runtime.onInstalled.addListener(() => {
    void browser.contextMenus
      .removeAll()
      .then(() =>
        browser.contextMenus.create({ id: MENU_ID, title: t('menu_sendSelection'), contexts: ['selection'] }),
      );
  });
  // The selected text is kept in session storage and shown in the editor; nothing is written until
  // the user confirms there. Nothing is sent back to the page.
  browser.contextMenus.onClicked.addListener((info) => {
    if (info.menuItemId !== MENU_ID || !info.selectionText) return;
    // A selection over the import size limit is refused; the editor opens without it.
    void putPendingSelection({ text: info.selectionText, at: Date.now() })
      .catch(() => undefined)
      .then(() => browser.tabs.create({ url: browser.runtime.getURL('/editor.html#selection') }));
  });

  // A job still marked running was interrupted when the worker stopped: it goes on from where it was.
  void resumeJobs(deps);
  void readJobs()
    .then(showProgress)
    .catch(() => undefined);
});
