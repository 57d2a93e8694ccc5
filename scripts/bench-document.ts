/**
 * The bench's document section: a 6-piece document (13,000 characters, the manifest and 6 pieces in
 * slots 1–7) through the extension's own worker (createHandlers with a real RequestScheduler and a
 * fake browser's storage) against a sandbox at 100 ms latency under the session's request limit:
 *   - read it cold as a reader does (lib/slots/document.ts: the manifest, then the pieces at once),
 *     against the floor of 1 + 6 requests in 2 round trips;
 *   - rewrite it with 2 pieces changed through the import preview and one job (manifest last),
 *     against the floor: a conflict-check read of each of its 7 slots + 2 piece writes + the
 *     manifest's write (the job adds a write-time read before each of its 3 writes).
 * Requests and 429s come from the sandbox's request log.
 */
import { benchAccount } from './bench-account';
import { fakeBrowser } from './fake-extension-env';
import { RequestScheduler } from '../lib/api/scheduler';
import type { PageOption, Target } from '../lib/api/schemas';
import { createHandlers } from '../lib/handlers';
import {
  DEFAULT_LAYOUT,
  documentJobSlots,
  documentSlots,
  planDocument,
  readStoredDocument,
} from '../lib/slots/document';
import { schedulerStore } from '../lib/storage/scheduler-state';
import { DEMO } from '../test/sandbox/seed';
import { startSandbox } from '../test/sandbox/server';

const PIECES = 6;
const SLOTS = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DocumentBench {
  task: string;
  requests: number;
  floor: number;
  rateLimited: number;
  wallMs: number;
  /** The wall time in round trips of the sandbox's latency. */
  roundTrips: number;
}

export async function measureDocument(latencyMs: number, limit: { limit: number; windowMs: number }) {
  const sandbox = await startSandbox();
  try {
    const { hasOriginPermission } = await benchAccount(sandbox, DEMO.premium);
    const handlers = createHandlers({
      scheduler: new RequestScheduler({ store: schedulerStore }),
      hasOriginPermission,
    });
    const target: Target = { kind: 'building', id: DEMO.buildings.juergen[0] };
    const text = JSON.stringify({ text: `Grüße 🏠 ${'x'.repeat(2300 * PIECES - 40)}` });
    const read = async (option: number): Promise<PageOption | null> => {
      const answer = await handlers.readOption({
        target,
        option,
        hint: { priority: 'visible', order: option },
      });
      return answer.ok ? answer.value : null;
    };

    // As the editor does it: the preview reads every slot of the plan, the job gets what changes.
    const write = async (slots: ReturnType<typeof documentSlots>) => {
      const preview = await handlers.previewImport({ document: { target, slots } });
      if (!preview.ok || preview.value.status !== 'ready') throw new Error('document preview failed');
      const finalSlot = DEFAULT_LAYOUT.manifestSlot;
      const changed = documentJobSlots(preview.value.items, finalSlot).map(
        ({ slot, title, data, current }) => ({
          slot,
          title,
          data,
          ...(current ? { expected: { title: current.title, data: current.data } } : {}),
        }),
      );
      const started = await handlers.startImport({ target, slots: changed, finalSlot });
      if (!started.ok) throw new Error(`startImport: ${started.error.kind}`);
      for (;;) {
        const job = await handlers.getImportJob(started.value);
        if (job.ok && job.value && job.value.state !== 'running') return job.value;
        await sleep(50);
      }
    };
    await write(documentSlots(text, DEFAULT_LAYOUT));
    // Cold: the answers the write left in the profile's cache are forgotten.
    const stored = await fakeBrowser.storage.local.get(null);
    await fakeBrowser.storage.local.remove(Object.keys(stored).filter((key) => key.includes('.cache:')));

    sandbox.setLatency(latencyMs);
    sandbox.setRateLimit({ limit: limit.limit, windowSeconds: limit.windowMs / 1000 });
    const results: DocumentBench[] = [];
    const measure = async (task: string, floor: number, work: () => Promise<void>) => {
      sandbox.clearLog();
      const start = Date.now();
      await work();
      const wallMs = Date.now() - start;
      const log = sandbox.log;
      results.push({
        task,
        requests: log.length,
        floor,
        rateLimited: log.filter((r) => r.status === 429).length,
        wallMs,
        roundTrips: wallMs / latencyMs,
      });
    };

    let current: (PageOption | null)[] = [];
    await measure(`read a ${PIECES}-piece document (cold)`, 1 + PIECES, async () => {
      const stored = await readStoredDocument(read, DEFAULT_LAYOUT, SLOTS);
      if (stored?.text !== text || stored.problems.length > 0)
        throw new Error('the document did not read back');
    });
    // What the editor knows of the slots: the document's 7 (cached by the read above), the rest unknown.
    current = await Promise.all(
      Array.from({ length: SLOTS }, (_, i) => (i < 1 + PIECES ? read(i + 1) : null)),
    );
    // Pieces 2 and 5 change, the length stays: the manifest is rewritten anyway (it must follow them).
    const changed = `${text.slice(0, 2300)}${'y'.repeat(2300)}${text.slice(4600, 9200)}${'z'.repeat(2300)}${text.slice(11_500)}`;
    const plan = planDocument({
      text: changed,
      layout: DEFAULT_LAYOUT,
      slotCount: SLOTS,
      current,
      clearValue: '',
    });
    if (!plan.ok) throw new Error('plan refused');
    await measure('rewrite it, 2 pieces changed', 1 + PIECES + 3, async () => {
      const job = await write(plan.writes);
      const written = job.items.filter((i) => i.status === 'done').length;
      if (written !== 3) throw new Error(`expected 3 writes, got ${written}`);
    });
    return results;
  } finally {
    await sandbox.close();
  }
}
