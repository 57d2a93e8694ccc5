/**
 * What a test can do with a running sandbox (server.ts starts one): its options, its request log
 * and its controls. A module of its own, so the control routes (control.ts) use it without
 * importing the server that routes to them.
 */
import type { Fault } from './faults';
import type { SandboxProfile } from './live';
import type { RateLimit } from './rate-limit';
import type { SlotChange } from './slot-change';
import type { SandboxData } from './types';

export interface SandboxOptions {
  port?: number /* default 0 = random */;
  host?: string /* default '127.0.0.1' */;
  latencyMs?: number;
  cors?: boolean /* default false */;
  /** 'live' answers as the live service's public clients observe it (see live.ts). */
  profile?: SandboxProfile /* default 'default' */;
  /** Requests per window and API key; null or absent = unlimited. */
  rateLimit?: RateLimit | null;
  /** Adds X-RateLimit-Limit/-Remaining/-Reset to every answer while a limit is set. */
  rateHeaders?: boolean /* default false */;
  /**
   * How much faster than real time its rate windows and the seconds it sends (Retry-After,
   * X-RateLimit-Reset) run: the E2E build's clock runs at E2E_TIME_SCALE (lib/api/clock.ts), and a
   * sandbox for it alike, so "10 per 60 s" passes in 6 s. The log's times stay in epoch ms.
   */
  timeScale?: number /* default 1 */;
  /** GET /factory/list/ answered (true) or 404 as a service without it (false). */
  factoryList?: boolean /* default true */;
}

export interface LoggedRequest {
  time: number;
  method: string;
  path: string;
  query: string;
  authorization: string | null;
  origin: string | null;
  body: string;
  status: number;
}

export interface Sandbox {
  url: string; // 'http://127.0.0.1:<port>' (no trailing slash)
  close(): Promise<void>; // must also end hanging connections (server.closeAllConnections())
  reset(): void; // seed data, faults, log, rate counters cleared; latency, profile, limit back to the options
  setLatency(ms: number): void;
  readonly profile: SandboxProfile;
  setProfile(profile: SandboxProfile): void; // with fresh seed data of that profile
  setRateLimit(limit: RateLimit | null): void; // with fresh counters
  setRateHeaders(on: boolean): void;
  setFactoryList(on: boolean): void; // GET /factory/list/ answered or 404
  addFault(fault: Fault): void;
  clearFaults(): void;
  readonly log: LoggedRequest[]; // a copy, oldest first; API requests only (not /__sandbox/* nor /static/*)
  clearLog(): void;
  /** Changes the data in place (the landlord's control endpoints: free or let a room, move a payment). */
  changeData<T>(change: (data: SandboxData) => T): T;
  /** Someone else writes the slot now (true), or false when the sandbox has no such slot. */
  changeSlot(change: SlotChange): boolean;
  /** Someone else writes the slot right after its `afterReads`-th read (default 1) was answered. */
  changeSlotAfter(change: SlotChange): void;
}
