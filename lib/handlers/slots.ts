/**
 * saveSlot: the one safe way to overwrite a slot. Order: check locally (nothing over the limit
 * or out of range reaches the network) -> re-read -> conflict if the slot changed since the edit
 * began -> keep the replaced value in history -> write with the secret -> re-read and return it.
 */
import * as api from '../api/client';
import { fail, ok } from '../api/errors';
import type { Handlers } from '../messaging/router';
import { validateSlot } from '../slots/validate';
import { effectivePremium } from '../storage/settings';
import { pushHistory } from '../storage/history';
import { type WorkerDeps, connect } from './context';

export function slotHandlers(deps: WorkerDeps): Pick<Handlers, 'saveSlot'> {
  return {
    async saveSlot({ target, option, title, data, expectedLastUpdated }) {
      const connection = await connect(deps);
      if (!connection.ok) return connection;
      const { secret, settings } = connection.value;
      // A save is what the user just asked for: its conflict read, write and re-read go first.
      const config = api.placed(connection.value.config, 'user');
      const problem = validateSlot({ title, data }, option, effectivePremium(settings))[0];
      if (problem) {
        return fail(
          problem.kind === 'optionRange'
            ? {
                kind: 'invalidInput',
                field: 'option',
                message: `option: ${option} is not from 1 to ${problem.max}`,
              }
            : { kind: 'invalidInput', field: problem.field, message: `at most ${problem.max} characters` },
        );
      }
      if (!secret) return fail({ kind: 'notConfigured', missing: ['secret'] });

      const current = await api.readOption(config, target, option);
      if (!current.ok) return current;
      if (current.value.lastUpdated !== expectedLastUpdated) {
        return ok({ status: 'conflict' as const, server: current.value });
      }
      await pushHistory(target, option, current.value);
      const written = await api.writeOption(config, target, { apiSecret: secret, option, title, data });
      if (!written.ok) return written;
      const reread = await api.readOption(config, target, option);
      // The write succeeded; if the re-read fails, the unknown lastUpdated makes the next save ask.
      return ok({
        status: 'saved' as const,
        option: reread.ok ? reread.value : { title, data, lastUpdated: null },
      });
    },
  };
}
