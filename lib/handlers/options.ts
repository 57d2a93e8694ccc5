/** Slot reads. Writes go through saveSlot (slots.ts), the one path that checks and keeps history. */
import * as api from '../api/client';
import type { Handlers } from '../messaging/router';
import { type WorkerDeps, connect } from './context';

export function optionHandlers(deps: WorkerDeps): Pick<Handlers, 'readOption'> {
  return {
    async readOption({ target, option, hint }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const config = api.placed(connection.value.config, hint?.priority ?? 'visible', {
        order: hint?.order ?? option,
      });
      return api.readOption(config, target, option);
    },
  };
}
