/** Slot reads. Writes go through saveSlot (slots.ts), the one path that checks and keeps history. */
import * as api from '../api/client';
import type { Handlers } from '../messaging/router';
import { type WorkerDeps, connect } from './context';

export function optionHandlers(deps: WorkerDeps): Pick<Handlers, 'readOption'> {
  return {
    async readOption({ target, option }, context) {
      const connection = await connect(deps, context);
      return connection.ok ? api.readOption(connection.value.config, target, option) : connection;
    },
  };
}
