/**
 * An edited slot and the extension's own jobs (issue 33, finding 7), over fake browser storage: a
 * job of this extension that ended (stored by any tab) moves the edit's start to what it wrote, so
 * the save expects that value; an unedited slot, another target, a running job or one older than the
 * view leave it alone.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { type Job, saveJob } from '../../lib/storage/jobs';
import { followJobWrites } from '../../components/slots/slot-job-writes';
import { SlotModel } from '../../components/slots/slot-model';

const target = { kind: 'building' as const, id: 'b-1' };

function jobOf(state: Job['state'], createdAt: number, at = target): Job {
  return {
    id: `job-${state}-${createdAt}-${at.id}`,
    profileId: 'p',
    kind: 'undo',
    target: at,
    createdAt,
    state,
    items: [
      { slot: 1, title: 'von uns', data: 'zurück', status: 'done', attempts: 1 },
      { slot: 2, title: 'auch', data: 'zurück', status: 'done', attempts: 1 },
    ],
  };
}

/** Slot 1 edited from ('alt', 'a'); slot 2 shown, not edited. */
function slots() {
  const models = [new SlotModel(target, 1), new SlotModel(target, 2)];
  for (const model of models) {
    model.server.value = { title: 'alt', data: 'a', lastUpdated: null };
    model.edited('alt', 'a');
  }
  models[0]!.data.value = 'mein Text';
  return models;
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('an edited slot after a job of this extension (issue 33, finding 7)', () => {
  beforeEach(() => fakeBrowser.reset());

  it('expects what the job wrote once it ended, from any tab; only the edited slot moves', async () => {
    const models = slots();
    const stop = followJobWrites('p', models, target, 100);
    await saveJob(jobOf('running', 200));
    await settled();
    expect(models[0]!.start.value).toEqual({ title: 'alt', data: 'a' });
    await saveJob({ ...jobOf('running', 200), state: 'finished' });
    await settled();
    expect(models[0]!.start.value).toEqual({ title: 'von uns', data: 'zurück' });
    // The user's text stays; the unedited slot is shown by the cache as before.
    expect(models[0]!.data.value).toBe('mein Text');
    expect(models[1]!.start.value).toEqual({ title: 'alt', data: 'a' });
    stop();
  });

  it('leaves the edit alone for a job of another target or one older than the view', async () => {
    const models = slots();
    const stop = followJobWrites('p', models, target, 100);
    await saveJob(jobOf('finished', 200, { kind: 'building', id: 'b-2' }));
    await saveJob(jobOf('finished', 50));
    await settled();
    expect(models[0]!.start.value).toEqual({ title: 'alt', data: 'a' });
    stop();
  });
});
