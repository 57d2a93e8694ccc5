/**
 * saveSlot: a slot saved from its editor. Checked locally first (nothing over the limit or out of
 * range reaches the network), then written by the one checked write (lib/jobs/checked-write.ts,
 * shared with every job): a conflict when the slot no longer holds what the edit began from.
 */
import { placed } from '../api/http-config';
import { fail, ok } from '../api/errors';
import type { Handlers } from '../messaging/router';
import { checkedWrite } from '../jobs/checked-write';
import { validateSlot } from '../slots/validate';
import { effectivePremium } from '../storage/settings';
import { type WorkerDeps, connect } from '../connection';

export function slotHandlers(deps: WorkerDeps): Pick<Handlers, 'saveSlot'> {
  return {
    async saveSlot({ target, option, title, data, expected }, context) {
      const connection = await connect(deps, context);
      if (!connection.ok) return connection;
      const { secret, profile } = connection.value;
      // A save is what the user just asked for: its conflict read and write go first.
      const config = placed(connection.value.config, 'user');
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

      const outcome = await checkedWrite({
        config,
        secret,
        profileId: profile.id,
        target,
        slot: option,
        value: { title, data },
        expected,
        rewrite: true,
        history: {},
      });
      if (outcome.status === 'failed') return fail(outcome.error);
      if (outcome.status !== 'written') return ok({ status: 'conflict' as const, server: outcome.current });
      const kept = outcome.kept ?? 'kept';
      return ok({
        status: 'saved' as const,
        option: outcome.option,
        ...(kept === 'kept' ? {} : { history: kept }),
        ...(kept === 'notKept' ? { replaced: outcome.replaced } : {}),
      });
    },
  };
}
