/** Slot handlers: reads, and writes that carry the API secret, which never leaves the worker otherwise. */
import * as api from '../api/client';
import { fail, ok } from '../api/errors';
import type { Handlers } from '../messaging/router';
import { type WorkerDeps, connect } from './context';

export function optionHandlers(deps: WorkerDeps): Pick<Handlers, 'readOption' | 'writeOption'> {
  return {
    async readOption({ target, option }) {
      const connection = await connect(deps);
      return connection.ok ? api.readOption(connection.value.config, target, option) : connection;
    },
    async writeOption({ target, option, title, data }) {
      const connection = await connect(deps);
      if (!connection.ok) return connection;
      const { config, secret } = connection.value;
      if (!secret) return fail({ kind: 'notConfigured', missing: ['secret'] });
      const written = await api.writeOption(config, target, { apiSecret: secret, option, title, data });
      return written.ok ? ok({}) : written;
    },
  };
}
