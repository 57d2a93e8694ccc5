/**
 * The budget learned both ways (issue 35) against a model server, with a fake clock and fast-check:
 * a fixed-window limiter that announces nothing, other clients spending part of each window,
 * answers arriving out of order (0–30 ms apart), and a limit raised mid-way. The scheduler runs
 * its own code; only the clock and the server are made up.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pastPeakEdge } from '../../lib/api/learner';
import { type World, longestBelow, runs, simulate } from './budget-model';

const world = (raise: boolean): fc.Arbitrary<World> =>
  fc
    .record({
      limit: fc.integer({ min: 4, max: 20 }),
      windowMs: fc.integer({ min: 2, max: 15 }).map((s) => s * 1000),
      othersShare: fc.double({ min: 0, max: 0.5, noNaN: true }),
      jitterMs: fc.integer({ min: 0, max: 30 }),
      raiseBy: fc.integer({ min: 2, max: 3 }),
      seed: fc.integer({ min: 1, max: 2 ** 30 }),
    })
    .map(({ limit, windowMs, othersShare, jitterMs, raiseBy, seed }) => ({
      limit,
      windowMs,
      others: Math.floor(limit * othersShare),
      jitterMs,
      raise: raise ? { at: 6 * windowMs, limit: limit * raiseBy } : null,
      seed,
    }));

describe('the budget learned against a model server', () => {
  it('is never below the server’s limit minus the others’ share for longer than two windows', async () => {
    await fc.assert(
      fc.asyncProperty(world(false), async (w) => {
        const { samples } = await simulate(w, 16);
        expect(longestBelow(samples, () => w.limit - w.others)).toBeLessThanOrEqual(2 * w.windowMs);
        // Converged: the last windows run at the share, never far past the server's limit.
        const last = samples.at(-1)?.limit ?? 0;
        expect(last).toBeGreaterThanOrEqual(w.limit - w.others);
        expect(last).toBeLessThanOrEqual(w.limit * 3);
      }),
      { numRuns: runs(25) },
    );
  });

  it('never paces slower than the share for longer than two windows (a window learned too long is a limit too low)', async () => {
    await fc.assert(
      fc.asyncProperty(world(false), async (w) => {
        const { samples } = await simulate(w, 16);
        // Requests per window of the server's length at the pace learned. Retry-After's whole
        // seconds and the answer's way back (20 ms and the jitter here) may lengthen it by as much.
        const slack = 1000 + 20 + w.jitterMs;
        const perServerWindow = samples.map(({ at, limit, windowMs }) => ({
          at,
          limit: limit === null || windowMs === null ? null : (limit * (w.windowMs + slack)) / windowMs,
        }));
        expect(longestBelow(perServerWindow, () => w.limit - w.others)).toBeLessThanOrEqual(2 * w.windowMs);
      }),
      { numRuns: runs(25) },
    );
  });

  it('comes back to the whole limit when the other clients stop (never stuck at their share)', async () => {
    await fc.assert(
      fc.asyncProperty(world(false), async (w) => {
        const stopped = { ...w, others: Math.max(1, w.others), othersUntil: 6 * w.windowMs };
        const { samples } = await simulate(stopped, 16);
        // The share is learned as the limit (the first burst), a raise past it is refused after one
        // window and tried again 10 windows later; one found holds after 2 more.
        const settledAt = 14 * w.windowMs;
        // A raise within a window's edge of the share (one request plus a second's) is not told
        // from the edge: 1 request at the live 10 per minute.
        const share = w.limit - stopped.others;
        const whole = w.limit > share + pastPeakEdge(share, w.windowMs) ? w.limit : share;
        expect(
          longestBelow(samples, (at) => (at < settledAt ? w.limit - stopped.others : whole)),
        ).toBeLessThanOrEqual(2 * w.windowMs);
        expect(samples.at(-1)?.limit ?? 0).toBeGreaterThanOrEqual(whole);
      }),
      // Once failing (a whole run beside a busy core): the share 4 of 7, found twice while the
      // others spent 3, was held as the limit; the raise 10 windows after they stopped counted 7,
      // taken for the window's edge, though the server's window before had let 7 through.
      {
        numRuns: runs(25),
        examples: [
          [{ limit: 7, windowMs: 3000, others: 3, jitterMs: 12, raise: null, seed: 1 }],
          [{ limit: 14, windowMs: 2000, others: 6, jitterMs: 0, raise: null, seed: 1 }],
        ],
      },
    );
  });

  it('finds a raised limit at the next raise tried (10 windows after one refused), and refuses rarely once learned', async () => {
    await fc.assert(
      fc.asyncProperty(world(true), async (w) => {
        const { samples, refusals } = await simulate(w, 16);
        const raised = w.raise?.limit ?? w.limit;
        // A raise past the learned limit is tried one window after learning, then 10 windows after
        // each one refused: the raise at 6 windows is found by the one at about 12; it holds after 2 more.
        const settledAt = (w.raise?.at ?? 0) + 8 * w.windowMs;
        expect(
          longestBelow(samples, (at) => (at < settledAt ? w.limit - w.others : raised - w.others)),
        ).toBeLessThanOrEqual(2 * w.windowMs);
        // After the first window (learning), at most one refusal per two windows on average.
        const later = refusals.filter((t) => t > 2 * w.windowMs);
        expect(later.length).toBeLessThanOrEqual(8);
      }),
      { numRuns: runs(25) },
    );
  });

  it('alone, once a raise past the learned limit was refused, asks past it again after 10 windows, then 20', async () => {
    await fc.assert(
      fc.asyncProperty(world(false), async (w) => {
        const { refusals } = await simulate({ ...w, others: 0 }, 36);
        // Learning (the first burst) and the raise tried one window after it: the first 3 windows.
        // Then a refused raise about 10 windows later, and the next 20 after that (at 1, 3, 7, 12,
        // 17, … before: one per 5 windows).
        const later = refusals.filter((t) => t > 3 * w.windowMs);
        expect(later.length).toBeLessThanOrEqual(2);
        expect(later.every((t) => t > 11 * w.windowMs)).toBe(true);
        if (later.length === 2) expect((later[1] ?? 0) - (later[0] ?? 0)).toBeGreaterThan(19 * w.windowMs);
      }),
      // Once flaky (fast-check seed 1684475641): the raise tried 20 windows on counted the requests
      // it sent one after another at the end of the window before (26 of 19), paced past the limit
      // for one more window and met a third 429.
      {
        numRuns: runs(25),
        // And (a stress run of 1000): the raise's first requests were sent in the second before the
        // server's window but after the latest start a learned window 101 ms too long allowed, so
        // counted surely in it (20 of 18), taken for a raise, it met a 429 every window or two.
        examples: [
          [{ limit: 19, windowMs: 4000, others: 0, jitterMs: 25, raise: null, seed: 946430986 }],
          [{ limit: 18, windowMs: 4000, others: 0, jitterMs: 12, raise: null, seed: 1031496790 }],
        ],
      },
    );
  });

  it('learns the limit exactly from fresh sessions whose answers arrive 0–30 ms apart', async () => {
    for (let seed = 1; seed <= 8; seed++) {
      const { samples } = await simulate(
        { limit: 10, windowMs: 12_000, others: 0, jitterMs: 30, raise: null, seed: seed * 7919 },
        1.5,
      );
      const learned = samples.find((s) => s.limit !== null)?.limit;
      expect(learned, `session ${seed}`).toBeGreaterThanOrEqual(9);
      expect(learned, `session ${seed}`).toBeLessThanOrEqual(11);
    }
  });
});
