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
import { keepReplaced } from '../storage/budget';
import { historyEntry } from '../storage/history';
import { type WorkerDeps, connect } from './context';

export function slotHandlers(deps: WorkerDeps): Pick<Handlers, 'saveSlot'> {
  return {
    async saveSlot({ target, option, title, data, expectedLastUpdated }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const { config, secret, settings, profile } = connection.value;
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
      await keepReplaced(profile.id, target, option, historyEntry(current.value));
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
