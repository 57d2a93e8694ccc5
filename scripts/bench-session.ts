/**
 * The bench's request-limit section: one scripted user session against a sandbox that allows
 * `limit` requests per window and key, run two ways:
 *   - worker: the extension's own worker code (createHandlers with a real RequestScheduler, the
 *     extension storage provided by wxt's fake browser), driven with the messages the pages send;
 *     the worker answers from the profile's cache while it is fresh (lib/handlers/cached-read.ts);
 *   - naive: the plain API client, one request per item, no scheduler, no cache; each save is
 *     read + write + re-read, an import a read and a write per slot; a 429 waits its Retry-After.
 * Requests and 429s are counted from the sandbox's request log.
 */
import { benchAccount } from './bench-account';
import * as api from '../lib/api/client';
import type { Result } from '../lib/api/errors';
import { RequestScheduler } from '../lib/api/scheduler';
import type { PageOption, Target } from '../lib/api/schemas';
import { createHandlers } from '../lib/handlers';
import type { ImportSlotWrite } from '../lib/messaging/protocol';
import { SLOT_READ_CONCURRENCY, mapPool } from '../lib/slots/pool';
import { schedulerStore } from '../lib/storage/scheduler-state';
import { DEMO } from '../test/sandbox/seed';
import { type Sandbox, type SandboxProfile, startSandbox } from '../test/sandbox/server';

const SLOTS = Array.from({ length: 20 }, (_, i) => i + 1);
const SAVED_SLOTS = [1, 2, 3];
const IMPORTED_SLOTS = Array.from({ length: 10 }, (_, i) => i + 4);
const JOB_POLL_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a user does; each variant does it its own way. */
interface SessionClient {
  /** The popup: building list, then the first building's four sections. Returns the building ids. */
  openPopup(): Promise<string[]>;
  openBuilding(id: string): Promise<void>;
  readSlots(target: Target, options: number[]): Promise<PageOption[]>;
  save(target: Target, option: number, current: PageOption, title: string, data: string): Promise<void>;
  importSlots(target: Target, slots: ImportSlotWrite[]): Promise<void>;
}

/** Whatever went wrong on the way (a failed read, a conflict): a session with problems is reported as such. */
type Problems = string[];

function expectOk<T>(what: string, answer: Result<T, { kind: string }>, problems: Problems): T | null {
  if (answer.ok) return answer.value;
  problems.push(`${what}: ${answer.error.kind}`);
  return null;
}

// ---------------------------------------------------------------------------------------------
// The extension's worker, driven as its pages drive it

async function startWorker(
  sandbox: Sandbox,
  problems: Problems,
  onSchedulerChange?: (scheduler: RequestScheduler) => void,
): Promise<SessionClient> {
  // The account was set up earlier (settings saved, premium probed); the session starts with a
  // fresh worker whose scheduler knows nothing yet, as after a browser restart.
  const { hasOriginPermission } = await benchAccount(sandbox, DEMO.premium, { premiumOverride: 'auto' });
  const scheduler: RequestScheduler = new RequestScheduler({
    store: schedulerStore,
    onChange: () => onSchedulerChange?.(scheduler),
  });
  const handlers = createHandlers({ scheduler, hasOriginPermission });

  async function openBuilding(buildingId: string): Promise<void> {
    // Details first; the sections below the fold start once they are painted. A fresh cached
    // answer is given by the worker without a request (its freshness window, lib/handlers/cached-read.ts).
    expectOk('details', await handlers.readBuilding({ buildingId }), problems);
    await Promise.all([
      handlers.listRooms({ buildingId }).then((answer) => expectOk('rooms', answer, problems)),
      handlers.listTenants({ buildingId }).then((answer) => expectOk('tenants', answer, problems)),
      handlers.listBankAccounts({ buildingId }).then((answer) => expectOk('accounts', answer, problems)),
    ]);
  }

  const client: SessionClient = {
    async openPopup() {
      const ids = (expectOk('buildings', await handlers.listBuildings({}), problems) ?? []).map((b) => b.id);
      if (ids[0]) await openBuilding(ids[0]);
      return ids;
    },
    openBuilding,
    async readSlots(target, options) {
      const read = await mapPool(options, SLOT_READ_CONCURRENCY, async (option) =>
        expectOk(
          `slot ${option}`,
          await handlers.readOption({ target, option, hint: { priority: 'visible', order: option } }),
          problems,
        ),
      );
      return read.filter((slot) => slot !== null);
    },
    async save(target, option, current, title, data) {
      const outcome = expectOk(
        `save ${option}`,
        await handlers.saveSlot({
          target,
          option,
          title,
          data,
          expectedLastUpdated: current.lastUpdated,
          expected: { title: current.title, data: current.data },
        }),
        problems,
      );
      if (outcome && outcome.status !== 'saved') problems.push(`save ${option}: ${outcome.status}`);
    },
    async importSlots(target, slots) {
      const preview = expectOk(
        'preview',
        await handlers.previewImport({ document: { target, slots } }),
        problems,
      );
      if (preview?.status !== 'ready') {
        if (preview) problems.push(`preview: ${preview.status}`);
        return;
      }
      // As the page confirms: each slot with the value its preview showed.
      const items = preview.items.map(({ slot, title, data, current }) => ({
        slot,
        title,
        data,
        ...(current ? { expected: { title: current.title, data: current.data } } : {}),
      }));
      const started = expectOk('startImport', await handlers.startImport({ target, slots: items }), problems);
      if (!started) return;
      for (;;) {
        const job = expectOk('getImportJob', await handlers.getImportJob(started), problems);
        if (!job || job.state !== 'running') {
          for (const item of job?.items ?? [])
            if (item.status !== 'done') problems.push(`import slot ${item.slot}: ${item.status}`);
          return;
        }
        await sleep(JOB_POLL_MS);
      }
    },
  };
  return client;
}

// ---------------------------------------------------------------------------------------------
// The naive client: one request per item, in order, waiting out every 429

function naiveClient(sandbox: Sandbox, problems: Problems): SessionClient {
  // No retries of its own: the loop below is the naive client's whole 429 handling.
  const config: api.ApiConfig = { baseUrl: sandbox.url, token: DEMO.premium.token, retries: 0 };
  const secret = DEMO.premium.secret;

  async function call<T>(what: string, request: () => Promise<Result<T>>): Promise<T | null> {
    for (;;) {
      const answer = await request();
      if (answer.ok || answer.error.kind !== 'rateLimited') return expectOk(what, answer, problems);
      await sleep(answer.error.retryAfterMs ?? 1_000);
    }
  }
  async function openBuilding(id: string): Promise<void> {
    await call('details', () => api.readBuilding(config, id));
    await call('rooms', () => api.listRooms(config, id));
    // The live service answers an account-less building with 404 "empty": an answer, not a problem.
    await call('tenants', () => api.listTenants(config, id));
    await call('accounts', async () => {
      const answer = await api.listBankAccounts(config, id);
      return !answer.ok && api.isEmptyAnswer(answer.error) ? { ok: true, value: [] } : answer;
    });
  }
  const write = (target: Target, slot: ImportSlotWrite) =>
    call(`write ${slot.slot}`, () =>
      api.writeOption(config, target, { apiSecret: secret, option: slot.slot, ...slot }),
    );

  return {
    async openPopup() {
      const ids = ((await call('buildings', () => api.listBuildings(config))) ?? []).map((b) => b.id);
      if (ids[0]) await openBuilding(ids[0]);
      return ids;
    },
    openBuilding,
    async readSlots(target, options) {
      const read: PageOption[] = [];
      for (const option of options) {
        const slot = await call(`slot ${option}`, () => api.readOption(config, target, option));
        if (slot) read.push(slot);
      }
      return read;
    },
    async save(target, option, _current, title, data) {
      await call(`save ${option} (check)`, () => api.readOption(config, target, option));
      await write(target, { slot: option, title, data });
      await call(`save ${option} (re-read)`, () => api.readOption(config, target, option));
    },
    async importSlots(target, slots) {
      for (const slot of slots) {
        await call(`backup ${slot.slot}`, () => api.readOption(config, target, slot.slot));
        await write(target, slot);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The session, and the requests per user task

/** Runs `work` and returns how many API requests the sandbox received meanwhile. */
async function counted(sandbox: Sandbox, work: () => Promise<unknown>): Promise<number> {
  const before = sandbox.log.length;
  await work();
  return sandbox.log.length - before;
}

const edits = (option: number) => ({ title: `Bench edit ${option}`, data: `{"edited":${option}}` });
const imports = (options: number[]): ImportSlotWrite[] =>
  options.map((slot) => ({ slot, title: `Bench import ${slot}`, data: `{"imported":${slot}}` }));

/** Open the popup, a second building, all 20 slots, save 3, import 10, reopen the popup. */
async function runScript(client: SessionClient): Promise<void> {
  const [first, second] = await client.openPopup();
  if (!first || !second) throw new Error('the session needs two buildings');
  await client.openBuilding(second);
  const target: Target = { kind: 'building', id: first };
  const slots = await client.readSlots(target, SLOTS);
  for (const option of SAVED_SLOTS) {
    const current = slots[option - 1];
    if (current) await client.save(target, option, current, edits(option).title, edits(option).data);
  }
  await client.importSlots(target, imports(IMPORTED_SLOTS));
  await client.openPopup();
}

export type Variant = 'worker' | 'naive';

export interface SessionRun {
  variant: Variant;
  profile: SandboxProfile;
  requests: number;
  rateLimited: number;
  /** 429s after the worker's scheduler first knew a budget (naive: after its first 429; it never learns). */
  rateLimitedAfterLearning: number;
  wallMs: number;
  /** wall time ÷ (requests ÷ budget × window). */
  wallVsBudget: number;
  problems: string[];
}

export interface SessionLimit {
  limit: number;
  windowMs: number;
}

async function runVariant(
  variant: Variant,
  profile: SandboxProfile,
  limit: SessionLimit,
): Promise<SessionRun> {
  const sandbox = await startSandbox({ profile });
  const problems: Problems = [];
  try {
    let learnedAt = Number.POSITIVE_INFINITY;
    const noteBudget = (scheduler: RequestScheduler) => {
      if (learnedAt === Number.POSITIVE_INFINITY && scheduler.view().some((queue) => queue.budget))
        learnedAt = Date.now();
    };
    const client =
      variant === 'worker'
        ? await startWorker(sandbox, problems, noteBudget)
        : naiveClient(sandbox, problems);
    // Set-up (settings, premium probe) is not part of the session: the limit starts now.
    sandbox.clearLog();
    sandbox.setRateLimit({ limit: limit.limit, windowSeconds: limit.windowMs / 1000 });
    const start = Date.now();
    await runScript(client);
    const wallMs = Date.now() - start;
    const log = sandbox.log;
    const refused = log.filter((entry) => entry.status === 429);
    if (variant === 'naive') learnedAt = refused[0]?.time ?? learnedAt;
    return {
      variant,
      profile,
      requests: log.length,
      rateLimited: refused.length,
      rateLimitedAfterLearning: refused.filter((entry) => entry.time > learnedAt).length,
      wallMs,
      wallVsBudget: wallMs / ((log.length / limit.limit) * limit.windowMs),
      problems,
    };
  } finally {
    await sandbox.close();
  }
}

/** Both variants of one profile, side by side (each against its own sandbox, so at the same time). */
export async function runSession(profile: SandboxProfile, limit: SessionLimit): Promise<SessionRun[]> {
  return Promise.all([runVariant('worker', profile, limit), runVariant('naive', profile, limit)]);
}

export const TASKS = [
  'open popup (cold)',
  'open popup (warm)',
  'open building',
  '20 slots (cold)',
  '20 slots (warm)',
  'save one slot',
  '20-slot import',
] as const;
export type TaskCounts = Record<(typeof TASKS)[number], number>;

/** Requests per user task, without a limit, each variant from an empty cache. */
export async function countTaskRequests(profile: SandboxProfile): Promise<Record<Variant, TaskCounts>> {
  const counts = {} as Record<Variant, TaskCounts>;
  for (const variant of ['worker', 'naive'] as const) {
    const sandbox = await startSandbox({ profile });
    const problems: Problems = [];
    try {
      const client =
        variant === 'worker' ? await startWorker(sandbox, problems) : naiveClient(sandbox, problems);
      sandbox.clearLog();
      let ids: string[] = [];
      const popupCold = await counted(sandbox, async () => (ids = await client.openPopup()));
      const popupWarm = await counted(sandbox, () => client.openPopup());
      const target: Target = { kind: 'building', id: ids[0] ?? '' };
      const building = await counted(sandbox, () => client.openBuilding(ids[1] ?? ''));
      let slots: PageOption[] = [];
      const slotsCold = await counted(sandbox, async () => (slots = await client.readSlots(target, SLOTS)));
      const slotsWarm = await counted(sandbox, () => client.readSlots(target, SLOTS));
      const current = slots[0];
      const save = await counted(
        sandbox,
        async () => current && client.save(target, 1, current, edits(1).title, edits(1).data),
      );
      const import20 = await counted(sandbox, () => client.importSlots(target, imports(SLOTS)));
      if (problems.length > 0) throw new Error(`${variant} task counts: ${problems.join('; ')}`);
      counts[variant] = {
        'open popup (cold)': popupCold,
        'open popup (warm)': popupWarm,
        'open building': building,
        '20 slots (cold)': slotsCold,
        '20 slots (warm)': slotsWarm,
        'save one slot': save,
        '20-slot import': import20,
      };
    } finally {
      await sandbox.close();
    }
  }
  return counts;
}
