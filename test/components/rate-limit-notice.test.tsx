/**
 * The wait notice against the worker's real queue handlers and a real scheduler whose queue waits
 * after a 429: only the message channel between page and worker is bridged in-process.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RateLimitNotice } from '../../components/RateLimitNotice';
import { RateLimitModel } from '../../components/rate-limit-model';
import { LearnedBudget } from '../../components/options/LearnedBudget';
import { fail } from '../../lib/api/errors';
import { RequestScheduler } from '../../lib/api/scheduler';
import { type SchedulerState, queueIdOf } from '../../lib/api/scheduler-types';
import { describeError } from '../../components/describe-error';
import { queueHandlers } from '../../lib/handlers/queue';
import type { Send } from '../../lib/messaging/page-client';
import { queuePublisher } from '../../lib/storage/request-queues';
import { writeCredentials } from '../../lib/storage/credentials';
import { newProfile, profilesItem } from '../../lib/storage/profiles';

const API = 'http://api.test';
const TOKEN = 'token-of-the-page';

/** The page's profile: its key's queue is the one the notice shows. */
beforeEach(async () => {
  fakeBrowser.reset();
  const profile = newProfile('Main', 0, { baseUrl: API, secretPersistence: 'session' });
  await profilesItem.set({ active: profile.id, list: [profile] });
  await writeCredentials(profile.id, 'session', { token: TOKEN, secret: '', origin: API });
});

/** The worker's scheduler (publishing its queues as the worker does) and its queue handlers. */
function worker(saved: SchedulerState | null = null) {
  let time = Date.parse('2025-06-01T12:00:00Z');
  const publish = queuePublisher(() => scheduler.view());
  const scheduler: RequestScheduler = new RequestScheduler({
    clock: {
      now: () => time,
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
    onChange: () => publish(),
    store: { load: async () => saved, save: async () => undefined },
  });
  const handlers = queueHandlers({ hasOriginPermission: async () => true, scheduler });
  const asked: string[] = [];
  const send = (async (type: string, payload: never) => {
    asked.push(type);
    return (handlers as Record<string, (p: never) => Promise<unknown>>)[type]?.(payload);
  }) as unknown as Send;
  return {
    scheduler,
    send,
    asked,
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

/** Lets effects (run after paint) and storage events land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('RateLimitNotice', () => {
  it('shows nothing while no request waits', async () => {
    const w = worker();
    const { container } = render(<RateLimitNotice send={w.send} now={w.now} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(container.textContent).toBe('');
  });

  it('counts the wait down each second and cancels what is queued', async () => {
    const w = worker();
    const queue = await queueIdOf(API, TOKEN);
    const write = w.scheduler.run(queue, { priority: 'user' }, async (report) => {
      report(429, new Headers({ 'Retry-After': '12' }));
      return fail({ kind: 'rateLimited', retryAfterMs: 12_000, message: '' });
    });
    render(<RateLimitNotice send={w.send} now={w.now} />);
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Request limit reached, continuing in 12 s');
    expect(status.textContent).toContain('Requests waiting: 1');
    await settle(); // the countdown's timer is running before the clock moves
    w.advance(1_000);
    await waitFor(() => expect(status.textContent).toContain('continuing in 11 s'), { timeout: 2_500 });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel queued requests' }));
    expect(await write).toEqual(fail({ kind: 'aborted' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('follows a wait that begins later without asking the worker again', async () => {
    const w = worker();
    render(<RateLimitNotice send={w.send} now={w.now} />);
    await waitFor(() => expect(w.asked).toEqual(['getRequestQueue']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status')).toBeNull();

    const queue = await queueIdOf(API, TOKEN);
    const write = w.scheduler.run(queue, { priority: 'user' }, async (report) => {
      report(429, new Headers({ 'Retry-After': '5' }));
      return fail({ kind: 'rateLimited', retryAfterMs: 5_000, message: '' });
    });
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('continuing in 5 s');
    await settle();
    w.advance(2_000);
    await waitFor(() => expect(status.textContent).toContain('continuing in 3 s'), { timeout: 2_500 });
    expect(w.asked).toEqual(['getRequestQueue']);
    w.scheduler.cancel();
    expect(await write).toEqual(fail({ kind: 'aborted' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('its model follows the queue until it is disposed, then no longer', async () => {
    const w = worker();
    const model = new RateLimitModel(w.send, w.now);
    await waitFor(() => expect(w.asked).toEqual(['getRequestQueue']));
    await settle(); // the watch of the published queues has begun
    const queue = await queueIdOf(API, TOKEN);
    const run = (seconds: string) =>
      w.scheduler.run(queue, { priority: 'user' }, async (report) => {
        report(429, new Headers({ 'Retry-After': seconds }));
        return fail({ kind: 'rateLimited', retryAfterMs: Number(seconds) * 1000, message: '' });
      });
    const first = run('5');
    await waitFor(() => expect(model.waitingUntil.value).toBe(w.now() + 5_000));
    w.scheduler.cancel();
    await first;
    await waitFor(() => expect(model.waitingUntil.value).toBe(0));
    model[Symbol.dispose]();
    const second = run('7');
    await settle();
    expect(model.queue.value?.waitingUntil ?? 0).toBe(0);
    w.scheduler.cancel();
    await second;
  });

  it('shows another profile’s wait nowhere', async () => {
    const w = worker();
    const other = await queueIdOf(API, 'token-of-another-profile');
    const write = w.scheduler.run(other, { priority: 'user' }, async (report) => {
      report(429, new Headers({ 'Retry-After': '12' }));
      return fail({ kind: 'rateLimited', retryAfterMs: 12_000, message: '' });
    });
    const { container } = render(<RateLimitNotice send={w.send} now={w.now} />);
    await waitFor(() => expect(w.asked).toEqual(['getRequestQueue']));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(w.scheduler.view().some((view) => view.waitingUntil !== null)).toBe(true);
    expect(container.textContent).toBe('');
    w.scheduler.cancel();
    await write;
  });
});

/** A key that learned 4 per 12 s, then got 2 (another client on it), 1 minute ago; now waiting 12 s. */
async function sharedKey(): Promise<SchedulerState> {
  const now = Date.parse('2025-06-01T12:00:00Z');
  const { key, origin } = await queueIdOf(API, TOKEN);
  const learnedAt = now - 60_000;
  return {
    queues: {
      [key]: {
        origin,
        budget: { limit: 2, windowMs: 12_000, source: 'learned', learnedAt },
        sends: [],
        waitingUntil: now + 12_000,
        resumedAt: 0,
        overCapUntil: null,
        learning: {
          peak: 4,
          probeFrom: null,
          quietSince: learnedAt,
          probeWindows: 1,
          sharedAt: learnedAt,
          burst: null,
        },
      },
    },
  };
}

describe('RateLimitNotice and the options page on a learned budget (issue 35)', () => {
  it('says the pace is shared and offers the options’ field', async () => {
    const w = worker(await sharedKey());
    const write = w.scheduler.run(await queueIdOf(API, TOKEN), { priority: 'user' }, async () =>
      fail({ kind: 'aborted' }),
    );
    let opened = 0;
    render(<RateLimitNotice send={w.send} now={w.now} openOptions={() => (opened += 1)} />);
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain(
      'Another client seems to use this API key too: the extension keeps to the 2 of 4 requests per 12 s it got last. If your key allows more, say so in the options.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Set requests per minute' }));
    expect(opened).toBe(1);
    w.scheduler.cancel();
    await write;
  });

  it('the options page shows what was learned and when, and Learn again forgets it', async () => {
    const w = worker(await sharedKey());
    render(<LearnedBudget send={w.send} now={w.now} />);
    const group = await screen.findByRole('group', { name: 'Request limit of this key' });
    expect(group.textContent).toContain(
      'Learned from the server’s answers: 2 requests per 12 s (about 10 per minute), 1 minute ago. Another client seems to use this key too: the server once admitted 4 of this extension’s requests per window.'.replaceAll(
        '’',
        "'",
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Learn again' }));
    await waitFor(() =>
      expect(group.textContent).toContain('Forgotten: the next requests learn the limit anew.'),
    );
    expect(w.scheduler.view()[0]?.budget).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Learn again' })).toBeNull());
  });
});

describe('describeError: redirected', () => {
  it('names the other origin and says nothing was sent there', () => {
    const named = describeError({ kind: 'redirected', location: 'http://127.0.0.1:9999' });
    expect(named.title).toBe('The API redirected the request');
    expect(named.detail).toContain('redirect to http://127.0.0.1:9999');
    expect(named.detail).toContain('nothing was sent there');
    expect(describeError({ kind: 'redirected', location: null }).detail).toContain('another address');
  });
});
