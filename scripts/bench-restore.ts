/**
 * The restore's bench: a document of 12 buildings × 20 slots restored into an account where 30 of
 * the 240 slots changed since, through the extension's own worker (createHandlers with a real
 * RequestScheduler, a fake browser's storage) against the sandbox under a limit of 10 requests per
 * 3 s (the live 10 per minute, scaled 20× shorter so the bench is quick), from an empty cache:
 *   - requests against the floor: one read per slot to restore + one write per changed slot;
 *   - wall time against the time the requests need at the budget (requests ÷ 10 × 3 s).
 * Requests and 429s come from the sandbox's request log. Run alone:
 * `node --import tsx scripts/bench-restore.ts`; `npm run bench` runs it too.
 */
import { benchAccount } from './bench-account';
import { fakeBrowser } from './fake-extension-env';
import { RequestScheduler } from '../lib/api/scheduler';
import type { Target } from '../lib/api/schemas';
import { createHandlers } from '../lib/handlers';
import { multiTargetDocument } from '../lib/import/format-export';
import { jobSlotsOf } from '../lib/import/multi-plan';
import { schedulerStore } from '../lib/storage/scheduler-state';
import { DEMO } from '../test/sandbox/seed';
import { startSandbox } from '../test/sandbox/server';

const TARGETS = 12;
const SLOTS = 20;
const CHANGED = 30;
const LIMIT = { limit: 10, windowSeconds: 3 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface RestoreBench {
  task: string;
  requests: number;
  floor: number;
  rateLimited: number;
  written: number;
  wallMs: number;
  /** The time the requests need at the budget. */
  budgetMs: number;
}

const slotValue = (target: number, slot: number) => ({
  title: `T${target} S${slot}`,
  data: `backup ${target}/${slot}`,
});

export async function measureRestore(latencyMs = 20): Promise<RestoreBench> {
  const sandbox = await startSandbox();
  try {
    fakeBrowser.reset();
    const ids = Array.from({ length: TARGETS }, (_, i) => `b-${5001 + i}`);
    // Jürgen owns 12 buildings whose slots hold the backup, then 30 of them (spread) change.
    sandbox.changeData((data) => {
      const model = data.buildings.find((b) => b.id === DEMO.buildings.juergen[0]);
      if (!model) throw new Error('no model building');
      const lastUpdated = new Date().toISOString();
      data.buildings.push(
        ...ids.map((id, t) => ({
          ...structuredClone(model),
          id,
          hash: `${model.hash}${t}`,
          slots: Array.from({ length: SLOTS }, (_, s) => ({ ...slotValue(t, s + 1), lastUpdated })),
        })),
      );
      for (let n = 0; n < CHANGED; n++) {
        const building = data.buildings.find((b) => b.id === ids[n % TARGETS]);
        const slot = building?.slots[Math.floor(n / TARGETS) * 7];
        if (slot) Object.assign(slot, { title: 'changed since', data: `edit ${n}` });
      }
    });
    const { hasOriginPermission } = await benchAccount(sandbox, DEMO.premium);
    const handlers = createHandlers({
      scheduler: new RequestScheduler({ store: schedulerStore }),
      hasOriginPermission,
    });
    const document = multiTargetDocument(
      ids.map((id, t) => ({
        target: { kind: 'building', id } satisfies Target,
        slots: Array.from({ length: SLOTS }, (_, s) => ({
          slot: s + 1,
          ...slotValue(t, s + 1),
          lastUpdated: null,
        })),
      })),
    );
    sandbox.setLatency(latencyMs);
    sandbox.setRateLimit(LIMIT);
    sandbox.clearLog();
    const start = Date.now();
    const preview = await handlers.previewTargets({ document });
    if (!preview.ok || preview.value.status !== 'ready') throw new Error('restore preview failed');
    const started = await handlers.startTargets({ slots: jobSlotsOf(preview.value.targets) });
    if (!started.ok) throw new Error(`startTargets: ${started.error.kind}`);
    let written = 0;
    for (;;) {
      const job = await handlers.getImportJob(started.value);
      if (job.ok && job.value && job.value.state !== 'running') {
        written = job.value.items.filter((i) => i.status === 'done').length;
        break;
      }
      await sleep(50);
    }
    const wallMs = Date.now() - start;
    const log = sandbox.log;
    const rateLimited = log.filter((r) => r.status === 429).length;
    return {
      task: `restore ${TARGETS} targets × ${SLOTS} slots, ${CHANGED} changed since (empty cache)`,
      requests: log.length,
      floor: TARGETS * SLOTS + CHANGED,
      rateLimited,
      written,
      wallMs,
      budgetMs: (log.length / LIMIT.limit) * LIMIT.windowSeconds * 1000,
    };
  } finally {
    await sandbox.close();
  }
}

export const RESTORE_LIMIT = `${LIMIT.limit} requests per ${LIMIT.windowSeconds} s`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const run = await measureRestore();
  console.log(JSON.stringify({ ...run, wallVsBudget: run.wallMs / run.budgetMs }, null, 2));
}
