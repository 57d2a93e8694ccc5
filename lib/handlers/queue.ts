/** The request scheduler as the pages see it: its queues (for the countdown) and cancelling. */
import { ok } from '../api/errors';
import type { Handlers } from '../messaging/router';
import type { WorkerDeps } from './context';

export function queueHandlers(deps: WorkerDeps): Pick<Handlers, 'getRequestQueue' | 'cancelQueuedRequests'> {
  return {
    async getRequestQueue() {
      return ok(deps.scheduler?.view() ?? []);
    },
    async cancelQueuedRequests({ tag }) {
      return ok({ cancelled: deps.scheduler?.cancel(tag === undefined ? {} : { tag }) ?? 0 });
    },
  };
}
