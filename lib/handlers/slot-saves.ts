/**
 * saveSlot: the one safe way to overwrite a slot. Order: check locally (nothing over the limit
 * or out of range reaches the network) -> re-read -> conflict if the slot changed since the edit
 * began -> keep the replaced value in history (making room when storage is full) -> write with
 * the secret -> return what was written. From the re-read to the write it holds the slot's write
 * lock (lib/slots/write-lock.ts), shared with import and undo jobs: a second writer's re-read sees
 * this write and reports a conflict.
 */
import * as api from '../api/client';
import { fail, ok } from '../api/errors';
import type { Handlers } from '../messaging/router';
import { isConflict } from '../slots/conflict';
import { validateSlot } from '../slots/validate';
import { slotLockKey, withSlotLock } from '../slots/write-lock';
import { effectivePremium } from '../storage/settings';
import { keepReplaced } from '../storage/keep-replaced';
import { optionParts, writeCached } from '../storage/cache';
import { historyEntry } from '../storage/history';
import { type WorkerDeps, connect } from '../connection';

export function slotHandlers(deps: WorkerDeps): Pick<Handlers, 'saveSlot'> {
  return {
    async saveSlot({ target, option, title, data, expectedLastUpdated, expected }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const { secret, profile } = connection.value;
      // A save is what the user just asked for: its conflict read and write go first.
      const config = api.placed(connection.value.config, 'user');
      const problem = validateSlot({ title, data }, option, effectivePremium(profile))[0];
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

      const lock = slotLockKey(config.baseUrl, target, option);
      return withSlotLock(lock, async () => {
        const current = await api.readOption(config, target, option);
        if (!current.ok) return current;
        const server = current.value;
        if (isConflict(server, expectedLastUpdated, expected)) {
          return ok({ status: 'conflict' as const, server });
        }
        const kept = await keepReplaced(profile.id, target, option, historyEntry(server));
        const written = await api.writeOption(config, target, { apiSecret: secret, option, title, data });
        if (!written.ok) return written;
        // No read after the write: the slot keeps what was written, marked as written now, and is
        // reconciled by the next read (a save costs the conflict read and the write, nothing more).
        const option_ = { title, data, lastUpdated: new Date().toISOString() };
        await writeCached(profile.id, optionParts(target, option), option_, Date.now());
        return ok({
          status: 'saved' as const,
          option: option_,
          ...(kept === 'kept' ? {} : { history: kept }),
          ...(kept === 'notKept' ? { replaced: server } : {}),
        });
      });
    },
  };
}
