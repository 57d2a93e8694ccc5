/**
 * The one clock of the worker's request path: the scheduler, the learner, the waits between
 * attempts and the request timeout read and arm time through it. The store builds run on the
 * system clock; the E2E build runs a scaled one (`scaledClock(E2E_TIME_SCALE)`), so a window the
 * sandbox says is 60 s passes in 6 s of the test's time, with every ratio and count as at ×1.
 *
 * A scaled clock reads `scale × epoch ms`: the same on every worker start, so what the scheduler
 * saved before the worker stopped still means the same instant. Times that leave the request
 * path (a queue's `waitingUntil`, a paused job's `resumeAt`) are converted back with `epochOf`;
 * an absolute time the server sends (an HTTP-date, an epoch reset) comes in with `clockTimeOf`.
 */
export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** How many of this clock's ms pass in one real ms (absent: 1). */
  readonly scale?: number;
}

/** How much faster than real time the E2E build's clock runs; its sandbox scales alike. */
export const E2E_TIME_SCALE = 10;

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function scaledClock(scale: number): Clock {
  const clock: Clock & { toString(): string } = {
    scale,
    // The build audit looks for this text: only the E2E build may hold a scaled clock.
    toString: () => `scaled clock ×${scale}`,
    now: () => Date.now() * scale,
    setTimeout: (run, ms) => setTimeout(run, ms / scale),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
  return clock;
}

/** The epoch ms (as `Date` reads them) of a time on this clock. */
export const epochOf = (clock: Clock, time: number): number => time / (clock.scale ?? 1);

/** This clock's time at an epoch ms. */
export const clockTimeOf = (clock: Clock, epochMs: number): number => epochMs * (clock.scale ?? 1);
