/** Slot reads. Writes go through saveSlot (slots.ts), the one path that checks and keeps history. */
import * as api from '../api/client';
import { placed } from '../api/http-config';
import { PageOption } from '../api/schemas';
import type { Handlers } from '../messaging/router';
import { optionParts } from '../storage/cache';
import { cachedRead } from '../cache/cached-read';
import { type WorkerDeps, connect } from '../connection';

export function readOptionHandlers(deps: WorkerDeps): Pick<Handlers, 'readOption'> {
  return {
    /** Answered from the profile's cache while fresh; Retry (priority 'user') always asks the API. */
    async readOption({ target, option, hint }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const config = placed(connection.value.config, hint?.priority ?? 'visible', {
        order: hint?.order ?? option,
      });
      return cachedRead(
        connection.value.profile,
        hint,
        { parts: optionParts(target, option), schema: PageOption },
        () => api.readOption(config, target, option),
      );
    },
  };
}
