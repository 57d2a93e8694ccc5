/**
 * The wait notice against the worker's real queue handlers and a real scheduler whose queue waits
 * after a 429: only the message channel between page and worker is bridged in-process.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { RateLimitNotice } from '../../components/RateLimitNotice';
import { fail } from '../../lib/api/errors';
import { RequestScheduler, queueIdOf } from '../../lib/api/scheduler';
import { describeError } from '../../lib/describe-error';
import { queueHandlers } from '../../lib/handlers/queue';
import type { Send } from '../../lib/messaging/client';
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

function worker() {
  let time = Date.parse('2025-06-01T12:00:00Z');
  const scheduler = new RequestScheduler({
    clock: {
      now: () => time,
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    },
  });
  const handlers = queueHandlers({ hasOriginPermission: async () => true, scheduler });
  const send = (async (type: string, payload: never) =>
    (handlers as Record<string, (p: never) => Promise<unknown>>)[type]?.(payload)) as unknown as Send;
  return {
    scheduler,
    send,
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

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
    w.advance(1_000);
    await waitFor(() => expect(status.textContent).toContain('continuing in 11 s'), { timeout: 2_500 });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel queued requests' }));
    expect(await write).toEqual(fail({ kind: 'aborted' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
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
