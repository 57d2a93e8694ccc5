/**
 * What the request scheduler (lib/api/scheduler.ts) takes and tells: priorities, request options,
 * the task it runs, the clock and store it is given, the state it saves and the view it shows, and
 * the queue a key's requests wait in.
 */
import { z } from '../zod';
import type { Result } from './errors';
import { Budget } from './budget';
import { Pace } from './pacing';

export const Priority = z.enum(['user', 'visible', 'background']);
export type Priority = z.infer<typeof Priority>;

/** What survives the worker being stopped, per queue: no token, only its hash in the key. */
export const SchedulerState = z.object({
  queues: z.record(z.string(), z.object({ origin: z.string(), ...Pace.shape })),
});
export type SchedulerState = z.infer<typeof SchedulerState>;

export interface SchedulerStore {
  load(): Promise<SchedulerState | null>;
  save(state: SchedulerState): Promise<void>;
}

/** One queue per API key and origin; the key holds a hash of the token, never the token. */
export interface QueueId {
  key: string;
  origin: string;
}

export interface RequestOptions {
  priority: Priority;
  /** Within a priority, lower goes first (visible slots before hidden ones). Default 0. */
  order?: number;
  /** A queued request with the same key is replaced by this one (reads only). */
  dedupeKey?: string;
  /** For cancelling a group, e.g. an import job's id. */
  tag?: string;
  signal?: AbortSignal;
  /** The key's "requests per minute" setting: a number wins for this queue, null learns. */
  perMinute?: number | null;
  /**
   * Sent at once, even while the queue waits (saving credentials must never wait behind the data
   * queue); a 429 ends it as rateLimited instead of waiting. It still counts against the budget.
   */
  skipWait?: boolean;
  /**
   * A job that pauses past the cap: while the key waits out a 429 that asked past the cap, the
   * request ends at once as rateLimited with the rest of the server's wait, instead of waiting
   * the cap to be refused again.
   */
  pausesPastCap?: boolean;
}

type HeaderLookup = { get(name: string): string | null };
/** Called by a task for each HTTP answer it gets (a retried GET reports every attempt). */
export type Report = (status: number, headers: HeaderLookup) => void;
export type Task<T> = (report: Report) => Promise<Result<T>>;

export const QueueView = z.object({
  key: z.string(),
  origin: z.string(),
  /** When the next queued request may go (epoch ms); null when nothing waits for the budget. */
  waitingUntil: z.nullable(z.number()),
  reason: z.nullable(z.literal('rateLimit')),
  queued: z.object({ user: z.int(), visible: z.int(), background: z.int() }),
  inFlight: z.int(),
  budget: z.nullable(Budget),
});
export type QueueView = z.infer<typeof QueueView>;

/** The queue of an API key at an origin: the token is hashed (SHA-256), never kept. */
export async function queueIdOf(baseUrl: string, token: string): Promise<QueueId> {
  let origin: string;
  try {
    origin = new URL(baseUrl).origin;
  } catch {
    origin = baseUrl;
  }
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token));
  const hash = [...new Uint8Array(digest).slice(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return { key: `${origin}#${hash}`, origin };
}
