/**
 * The scheduler's pacing (lib/api/pacing.ts) as properties over any queue state, answer and clock
 * (fast-check): waits are capped, a known budget is never overspent, a 429 past the cap teaches no
 * budget, and no function changes the state it is given.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Budget } from '../../lib/api/budget';
import {
  type Pace,
  learnFrom429,
  learnFromHeaders,
  nextAllowedAt,
  pruned,
  withSend,
} from '../../lib/api/pacing';
import type { RateSignal } from '../../lib/api/rate-headers';
import { MAX_WAIT_MS } from '../../lib/api/waits';

const NOW = 1_700_000_000_000;
const time = fc.integer({ min: NOW - 120_000, max: NOW + 120_000 });
const budget: fc.Arbitrary<Budget> = fc.record({
  limit: fc.integer({ min: 1, max: 30 }),
  windowMs: fc.integer({ min: 1_000, max: MAX_WAIT_MS }),
  source: fc.constantFrom('override' as const, 'headers' as const, 'learned' as const),
});
const pace: fc.Arbitrary<Pace> = fc.record({
  budget: fc.option(budget, { nil: null }),
  sends: fc.array(time, { maxLength: 40 }).map((list) => list.toSorted((a, b) => a - b)),
  waitingUntil: fc.option(fc.integer({ min: NOW - 60_000, max: NOW + MAX_WAIT_MS }), { nil: null }),
  resumedAt: fc.integer({ min: 0, max: NOW }),
  overCapUntil: fc.option(time, { nil: null }),
});
const ms = fc.option(fc.integer({ min: 0, max: 10 * MAX_WAIT_MS }), { nil: null });
const signal: fc.Arbitrary<RateSignal> = fc.record({
  limit: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  remaining: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  resetMs: ms,
  windowMs: ms,
  retryAfterMs: ms,
});
const refused = fc.record({ at: time, alongside: fc.integer({ min: 0, max: 5 }) });

const frozen = <T>(value: T): T => structuredClone(value);

describe('pacing', () => {
  it('the next send is never before now, nor more than the cap ahead', () => {
    fc.assert(
      fc.property(pace, fc.option(budget, { nil: null }), time, (state, known, now) => {
        const at = nextAllowedAt(state, known, now);
        expect(at).toBeGreaterThanOrEqual(now);
        expect(at).toBeLessThanOrEqual(now + MAX_WAIT_MS);
      }),
    );
  });

  it('sending at each next allowed time never puts more than the limit in any window', () => {
    fc.assert(
      fc.property(budget, fc.integer({ min: 1, max: 60 }), (known, count) => {
        let state: Pace = { budget: known, sends: [], waitingUntil: null, resumedAt: 0, overCapUntil: null };
        let now = NOW;
        for (let i = 0; i < count; i++) {
          now = nextAllowedAt(state, known, now);
          state = withSend(pruned(state, known, now), now);
        }
        for (const start of state.sends) {
          const inWindow = state.sends.filter((t) => t >= start && t < start + known.windowMs);
          expect(inWindow.length).toBeLessThanOrEqual(known.limit);
        }
      }),
    );
  });

  it('a 429 waits at most the cap; past the cap it tells the server’s wait and learns no budget', () => {
    fc.assert(
      fc.property(
        pace,
        signal,
        time,
        refused,
        fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
        (state, sig, now, ref, override) => {
          const before = frozen(state);
          const { pace: next, overCapMs } = learnFrom429(state, sig, now, ref, override);
          expect(state).toEqual(before);
          const asked = sig.retryAfterMs ?? sig.resetMs;
          if (asked !== null && asked > MAX_WAIT_MS) {
            expect(overCapMs).toBe(asked);
            expect(next.budget).toEqual(state.budget);
            expect(next.overCapUntil).toBeGreaterThanOrEqual(now + asked);
          } else expect(overCapMs).toBeNull();
          const capped = Math.max(state.waitingUntil ?? 0, now + MAX_WAIT_MS);
          expect(next.waitingUntil ?? 0).toBeLessThanOrEqual(capped);
          if (next.budget && next.budget.source === 'learned') {
            expect(next.budget.limit).toBeGreaterThanOrEqual(1);
            expect(next.budget.windowMs).toBeGreaterThanOrEqual(1_000);
          }
        },
      ),
    );
  });

  it('headers teach the named limit, in a window between 1 s and the cap, and never shorten a wait', () => {
    fc.assert(
      fc.property(pace, signal, time, (state, sig, now) => {
        const before = frozen(state);
        const next = learnFromHeaders(state, sig, now);
        expect(state).toEqual(before);
        expect(next.waitingUntil ?? 0).toBeGreaterThanOrEqual(state.waitingUntil ?? 0);
        expect(next.waitingUntil ?? 0).toBeLessThanOrEqual(
          Math.max(state.waitingUntil ?? 0, now + MAX_WAIT_MS),
        );
        if (sig.limit !== null && sig.limit > 0) {
          expect(next.budget?.limit).toBe(sig.limit);
          expect(next.budget?.windowMs).toBeGreaterThanOrEqual(1_000);
          expect(next.budget?.windowMs).toBeLessThanOrEqual(MAX_WAIT_MS);
        } else expect(next.budget).toEqual(state.budget);
      }),
    );
  });

  it('a first refusal after a quiet spell learns from the burst after it, not the requests before', () => {
    // 6 requests 30 s ago (an earlier window of the server), quiet, then 10 admitted and the 11th
    // refused with Retry-After 12 s: 10 per 12 s, not 16 per 42 s.
    const earlier = Array.from({ length: 6 }, (_, i) => NOW - 30_000 + i * 10);
    const burst = Array.from({ length: 10 }, (_, i) => NOW + i * 10);
    const state: Pace = {
      budget: null,
      sends: [...earlier, ...burst],
      waitingUntil: null,
      resumedAt: 0,
      overCapUntil: null,
    };
    const now = NOW + 100;
    const signal: RateSignal = {
      limit: null,
      remaining: null,
      resetMs: null,
      windowMs: null,
      retryAfterMs: 12_000,
    };
    const { pace: next } = learnFrom429(state, signal, now, { at: now, alongside: 0 }, null);
    expect(next.budget).toMatchObject({ limit: 10, source: 'learned' });
    expect(next.budget?.windowMs).toBeLessThanOrEqual(12_200);
  });
});
