/**
 * The request path's clock (lib/api/clock.ts): a scaled clock runs its time and its timers ×scale,
 * and the scheduler paced on it against a sandbox scaled alike spends the same requests per window
 * as at ×1, with no 429, in a tenth of the time.
 */
import { describe, expect, it } from 'vitest';
import { readBuildingOption } from '../../lib/api/client';
import { clockTimeOf, epochOf, scaledClock, systemClock } from '../../lib/api/clock';
import { parseRetryAfter, readRateSignal } from '../../lib/api/rate-headers';
import { RequestScheduler } from '../../lib/api/scheduler';
import { demoCredentials } from '../sandbox/direct';
import { DEMO } from '../sandbox/seed';
import { useSandbox } from '../sandbox/fixture';

describe('a scaled clock', () => {
  it('reads scale × epoch ms and fires its timers after ms / scale', async () => {
    const clock = scaledClock(10);
    const before = Date.now();
    expect(clock.now()).toBeGreaterThanOrEqual(before * 10);
    expect(epochOf(clock, clock.now())).toBeGreaterThanOrEqual(before);
    expect(clockTimeOf(clock, before)).toBe(before * 10);
    const started = clock.now();
    await new Promise<void>((resolve) => clock.setTimeout(resolve, 2_000));
    // 2 s on the clock: 200 ms of real time, so at least 2 s of the clock passed.
    expect(clock.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - before).toBeLessThan(2_000);
  });

  it('is absent from the system clock: both conversions are the identity there', () => {
    expect(systemClock.scale).toBeUndefined();
    expect(epochOf(systemClock, 1_234)).toBe(1_234);
    expect(clockTimeOf(systemClock, 1_234)).toBe(1_234);
    expect(String(scaledClock(10))).toBe('scaled clock ×10');
  });

  it('reads a server’s absolute times (an HTTP-date, an epoch reset) on the clock', () => {
    const clock = scaledClock(10);
    const now = clock.now();
    const inThirtySeconds = new Date(Date.now() + 30_000).toUTCString();
    const atEpoch = (epochMs: number) => clockTimeOf(clock, epochMs);
    // 30 real seconds ahead is 300 s on a clock ten times as fast (to the date's whole second).
    expect(parseRetryAfter(inThirtySeconds, now, atEpoch)).toBeGreaterThan(280_000);
    expect(parseRetryAfter(inThirtySeconds, now, atEpoch)).toBeLessThanOrEqual(300_000);
    // Seconds are the server's own, on its (scaled) clock: read as they are.
    expect(parseRetryAfter('60', now, atEpoch)).toBe(60_000);
    const reset = String(Math.round((Date.now() + 10_000) / 1000));
    const signal = readRateSignal(
      { get: (name) => (name === 'x-ratelimit-reset' ? reset : null) },
      now,
      atEpoch,
    );
    expect(signal.resetMs).toBeGreaterThan(90_000);
    expect(signal.resetMs).toBeLessThanOrEqual(110_000);
  });
});

describe('pacing on a scaled clock against a sandbox scaled alike', () => {
  const sandbox = useSandbox({
    timeScale: 10,
    rateLimit: { limit: 10, windowSeconds: 10 },
    rateHeaders: true,
  });

  it('sends 25 reads in three windows of "10 s" with no 429, in about 2 s of real time', async () => {
    const clock = scaledClock(10);
    const scheduler = new RequestScheduler({ clock });
    const config = { ...demoCredentials(sandbox), scheduler, clock };
    const started = clock.now();
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        readBuildingOption(config, DEMO.buildings.juergen[i % 2] as string, Math.floor(i / 2) + 1),
      ),
    );
    const tookOnClock = clock.now() - started;
    expect(answers.every((answer) => answer.ok)).toBe(true);
    expect(sandbox.log.filter((entry) => entry.status === 429)).toEqual([]);
    expect(sandbox.log).toHaveLength(25);
    // As at ×1: the third window's reads go once two windows of 10 s have passed, not before.
    expect(tookOnClock).toBeGreaterThanOrEqual(20_000);
    expect(tookOnClock).toBeLessThan(40_000);
    // The queue's wait as pages see it is in epoch ms, as their Date reads it.
    for (const view of scheduler.view()) expect(view.waitingUntil).toBeNull();
  });
});
