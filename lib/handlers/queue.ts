/**
 * The request scheduler as a page sees it: the queue of its profile's key (for the countdown; the
 * page then follows it by its key in session storage) and cancelling what waits there. Another
 * profile's queue is neither shown nor cancelled.
 */
import { ok } from '../api/errors';
import { queueIdOf } from '../api/scheduler-types';
import type { Handlers, MessageContext } from '../messaging/router';
import { type WorkerDeps, connect } from '../connection';

export function queueHandlers(
  deps: WorkerDeps,
): Pick<Handlers, 'getRequestQueue' | 'cancelQueuedRequests' | 'relearnBudget'> {
  /** The queue of the page's profile; null when it has no key (then nothing of it can wait). */
  async function ownQueue(context?: MessageContext) {
    const connection = await connect(deps, context);
    return connection.ok ? queueIdOf(connection.value.config.baseUrl, connection.value.config.token) : null;
  }
  return {
    async getRequestQueue(_payload, context) {
      const queue = deps.scheduler ? await ownQueue(context) : null;
      if (!queue) return ok({ key: null, queue: null });
      const view = deps.scheduler?.view().find((candidate) => candidate.key === queue.key) ?? null;
      return ok({ key: queue.key, queue: view });
    },
    async relearnBudget(_payload, context) {
      const queue = deps.scheduler ? await ownQueue(context) : null;
      return ok({ forgotten: queue !== null && (deps.scheduler?.relearn(queue) ?? false) });
    },
    async cancelQueuedRequests({ tag }, context) {
      const queue = deps.scheduler ? await ownQueue(context) : null;
      if (!queue || !deps.scheduler) return ok({ cancelled: 0 });
      return ok({ cancelled: deps.scheduler.cancel(tag === undefined ? { queue } : { queue, tag }) });
    },
  };
}
