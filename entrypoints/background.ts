import { browser } from 'wxt/browser';
import { E2E_TIME_SCALE, scaledClock, systemClock } from '@/lib/api/clock';
import { RequestScheduler } from '@/lib/api/scheduler';
import type { WorkerDeps } from '@/lib/connection';
import { createHandlers } from '@/lib/handlers';
import { JOB_KINDS, resumeJobs } from '@/lib/jobs/kinds';
import { runningJobCount } from '@/lib/jobs/launcher';
import { DoorScheduler, createTestDoor } from '@/lib/test-door';
import type { PortfolioHandlerDeps } from '@/lib/handlers/portfolio';
import { t } from '@/lib/i18n';
import { createBadge } from '@/lib/badge';
import { putPendingSelection } from '@/lib/import/hand-off';
import { createRouter, isTrustedSender } from '@/lib/messaging/router';
import { migrateLegacyStorage } from '@/lib/migrations/legacy-storage';
import { clearBothAreas } from '@/lib/storage/area';
import { currentTargetFamily } from '@/lib/storage/current-target';
import { refreshFirstView } from '@/lib/storage/first-view';
import { removeUnlistedCredentials } from '@/lib/storage/credentials';
import { profilesItem } from '@/lib/storage/profiles';
import { queuePublisher } from '@/lib/storage/request-queues';
import { schedulerStore } from '@/lib/storage/scheduler-state';
import { openAlert, showAlert } from '@/lib/portfolio/notices';
import { createPortfolioService } from '@/lib/portfolio/refresh';
import { PORTFOLIO_ALARM, portfolioRunner } from '@/lib/portfolio/refresh-timer';
import { portfolioSettingsItem } from '@/lib/storage/portfolio';

const MENU_ID = 'send-selection';

/**
 * The test build (`wxt build --mode e2e`) runs the request path's clock ×10 (lib/api/clock.ts): its
 * sandbox's windows and Retry-After are scaled alike, so a "minute" of pacing passes in 6 s. It
 * gives up on an unanswered request after 30 s of that clock (3 s) instead of the client's 15 s
 * (1.5 s would be met by a loaded machine). Build-time constants: the store builds compile them
 * away and run at ×1 with the default timeout (the build audit proves it).
 */
const clock = import.meta.env.MODE === 'e2e' ? scaledClock(E2E_TIME_SCALE) : systemClock;
const REQUEST_TIMEOUT_MS = import.meta.env.MODE === 'e2e' ? 30_000 : undefined;

let scheduler: RequestScheduler | undefined;
const badge = createBadge({
  setText: (text) => browser.action.setBadgeText({ text }),
  waitingUntil: () => Math.max(0, ...(scheduler?.view() ?? []).map((queue) => queue.waitingUntil ?? 0)),
});

export default defineBackground(() => {
  // Every API call waits its turn here; its state (budget, waits) is kept in storage.session.
  const publishQueues = queuePublisher(() => scheduler?.view() ?? []);
  // Only the E2E build's scheduler can forget its queues (the test door's reset).
  const Scheduler = import.meta.env.MODE === 'e2e' ? DoorScheduler : RequestScheduler;
  scheduler = new Scheduler({
    clock,
    store: schedulerStore,
    onChange: () => {
      void badge.show();
      publishQueues();
    },
  });
  const deps: WorkerDeps & PortfolioHandlerDeps = {
    hasOriginPermission: (pattern) => browser.permissions.contains({ origins: [pattern] }),
    scheduler,
    clock,
    ...(REQUEST_TIMEOUT_MS ? { timeoutMs: REQUEST_TIMEOUT_MS } : {}),
    notify: showAlert,
  };
  // The portfolio's background refresh: woken by its alarm, by a timer while the worker lives, and
  // by changes of the profiles and of its settings.
  const refresh = createPortfolioService(deps);
  const portfolio = portfolioRunner({
    run: () => refresh.refresh(),
    setAlarm: (when) =>
      when === null
        ? browser.alarms.clear(PORTFOLIO_ALARM).then(() => undefined)
        : browser.alarms.create(PORTFOLIO_ALARM, { when }),
  });
  deps.kickPortfolio = () => void portfolio.kick();
  browser.alarms.onAlarm.addListener((alarm) => {
    if (alarm.name === PORTFOLIO_ALARM) void portfolio.kick();
  });
  // notifications is optional: without the grant the API is absent (Firefox) and alerts stay silent.
  browser.notifications?.onClicked.addListener((id) => void openAlert(id).catch(() => undefined));
  profilesItem.watch(() => void portfolio.kick());
  portfolioSettingsItem.watch(() => void portfolio.kick());
  // What the previous release stored moves into the first profile before any message is answered;
  // then the credentials of ids no profile lists go.
  const ready = migrateLegacyStorage()
    .catch((error) => console.error('storage migration failed', error))
    .then(() => removeUnlistedCredentials())
    .catch((error) => console.error('removing unlisted credentials failed', error));
  const handlers = createHandlers(deps);
  // The E2E build's test-only door (lib/test-door.ts); a build-time constant drops it from store builds.
  if (import.meta.env.MODE === 'e2e') {
    const setRequestTimeout = (ms: number) => void (deps.timeoutMs = ms);
    Object.assign(globalThis, {
      __TEST__: createTestDoor({
        handlers,
        scheduler: scheduler as DoorScheduler,
        runningJobs: runningJobCount,
        setRequestTimeout,
        clearStorage: clearBothAreas,
      }),
    });
  }
  const route = createRouter(handlers, {
    ready,
    activeProfile: async () => (await profilesItem.get()).active,
  });
  const extensionRoot = browser.runtime.getURL('');
  // Every listener is registered synchronously at start-up so an event that wakes the worker is not missed.
  browser.runtime.onMessage.addListener((message, sender) => {
    if (!isTrustedSender(sender, browser.runtime.id, extensionRoot)) {
      return Promise.resolve({ ok: false, error: { kind: 'badMessage', message: 'sender refused' } });
    }
    return route(message);
  });

  // The badge follows the stored jobs of every profile; a change carries the job, so no re-read.
  const loads = JOB_KINDS.map((kind) => badge.follow(kind.name, kind.family, kind.progress));

  // Pages choose the current target; the popup's first view follows it.
  currentTargetFamily.watchAll(() => void refreshFirstView());

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
  void ready
    .then(async () => {
      // What an update of the extension or the migration left: the popup's first view as stored now.
      void refreshFirstView();
      const profileIds = (await profilesItem.get()).list.map((profile) => profile.id);
      await Promise.all(loads.map((load) => load(profileIds)));
      await resumeJobs(deps);
      await portfolio.kick();
    })
    .catch(() => undefined);
});
