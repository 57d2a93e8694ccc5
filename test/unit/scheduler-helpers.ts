/** Shared by the scheduler tests: a manual clock and a fake server in the scheduler's terms. */
import { fail, ok, type Result } from '../../lib/api/errors';
import type { Clock } from '../../lib/api/clock';
import type { QueueId, Report } from '../../lib/api/scheduler-types';

/** A clock whose time moves only when the test says so; due timers run in order. */
export class ManualClock implements Clock {
  time = 1_000_000;
  private timers: { at: number; run: () => void; id: number }[] = [];
  private nextId = 1;
  now = () => this.time;
  setTimeout = (run: () => void, ms: number) => {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, run, id });
    return id;
  };
  clearTimeout = (handle: unknown) => {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  };
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      this.timers.sort((a, b) => a.at - b.at);
      const due = this.timers[0];
      if (!due || due.at > end) break;
      this.timers.shift();
      this.time = due.at;
      due.run();
    }
    this.time = end;
    await settle();
  }
}

export const settle = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

export const QUEUE: QueueId = { key: 'http://api.test#0011223344556677', origin: 'http://api.test' };

export type Answer = { status: number; headers?: Record<string, string> };

/**
 * A fake server in the scheduler's terms: each task "sends" at the clock's time, the server answers
 * according to `answer`, and the log keeps what was sent when.
 */
export function server(clock: ManualClock, answer: (n: number, name: string) => Answer) {
  const sent: { name: string; at: number; status: number }[] = [];
  const task =
    (name: string): ((report: Report) => Promise<Result<string>>) =>
    async (report) => {
      const reply = answer(sent.length, name);
      sent.push({ name, at: clock.now(), status: reply.status });
      report(reply.status, new Headers(reply.headers ?? {}));
      if (reply.status === 429) return fail({ kind: 'rateLimited', retryAfterMs: null, message: '429' });
      return ok(name);
    };
  return { sent, task };
}
