/**
 * The user flows of the budget ledger, in the order they run: each drives the real pages through
 * the page objects of test/e2e/pages (flow-pages.ts holds the selectors) and calls `start()` when
 * the user's action begins (what a flow needs before it, such as an open editor, is not counted).
 * Flows run one after another in one browser, so each leaves the cache as a user would.
 */
import type { Target } from '../../lib/api/schemas';
import type { ExtensionSession } from '../../test/e2e/browser';
import { EditorFlow, PopupFlow, backUpEverything, portfolioRound } from '../../test/e2e/pages/flow-pages';
import type { Sandbox } from '../../test/sandbox/server';
import { BUILDINGS, FLOORS, SESSION_FLOOR, SLOTS } from './floors';

export interface FlowContext {
  session: ExtensionSession;
  sandbox: Sandbox;
  /** Marks the start of what is counted, once the requests of what came before have ended. */
  start(): Promise<void>;
  /** Forgets every cached answer (as after the freshness window), before `start()`. */
  coldCache(): Promise<void>;
  /** The profile's current target (what the editor and the popup show). */
  currentTarget(): Promise<Target>;
  /** The landlord's buildings, in the sandbox's ids. */
  buildings: readonly string[];
}

export interface Flow {
  id: string;
  what: string;
  floor: number;
  timeoutMs: number;
  run(context: FlowContext): Promise<void>;
}

interface SlotValue {
  title: string;
  data: string;
}

/** A slot's value as the sandbox holds it, read in place (an HTTP read would be counted). */
export function heldSlot(sandbox: Sandbox, target: Target, option: number): SlotValue {
  return sandbox.changeData((data) => {
    const list = target.kind === 'building' ? data.buildings : data.factories;
    const slot = list.find((t) => t.id === target.id)?.slots[option - 1];
    return { title: slot?.title ?? '', data: slot?.data ?? '' };
  });
}

/** The value every slot of the landlord's buildings starts with, and a backup holds. */
export const seedValue = (building: number, option: number): SlotValue => ({
  title: `B${building + 1} slot ${option}`,
  data: `{"building":${building + 1},"slot":${option}}`,
});

/** Someone else changes 30 of the 240 slots after the backup (spread over all buildings). */
export const CHANGED_AFTER_BACKUP = 30;

const singleTarget = (target: Target, slots: { slot: number; title: string; data: string }[]) => ({
  target,
  slots,
});
const newValues = (tag: string, options: number[]) =>
  options.map((slot) => ({ slot, title: `${tag} ${slot}`, data: `{"${tag}":${slot}}` }));
const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);

/** 3 slots: slot 1 as it is (unchanged), 2 and 3 new. */
function threeSlots(context: FlowContext, target: Target, tag: string) {
  const unchanged = heldSlot(context.sandbox, target, 1);
  return singleTarget(target, [{ slot: 1, ...unchanged }, ...newValues(tag, [2, 3])]);
}

/** A 6-piece document (2300 characters a piece, valid JSON), and the same with pieces 2 and 5 changed. */
function documentTexts(): { text: string; changed: string } {
  const text = JSON.stringify({ text: `Grüße 🏠 ${'x'.repeat(2300 * 6 - 40)}` });
  const changed = `${text.slice(0, 2300)}${'y'.repeat(2300)}${text.slice(4600, 9200)}${'z'.repeat(2300)}${text.slice(11_500)}`;
  return { text, changed };
}

/** What an open page leaves to the next flow is closed with it: every flow opens its own pages. */
/**
 * An import over the editor that just showed its target's slots; `cache` 'cold' forgets every cached
 * answer after the document was made (as after the freshness window), before what is counted.
 */
function importFlow(
  id: string,
  what: string,
  floor: number,
  cache: 'warm' | 'cold',
  document: (context: FlowContext, target: Target) => unknown,
): Flow {
  return {
    id,
    what,
    floor,
    timeoutMs: (floor > 10 ? 3 : 2) * 60_000,
    async run(context) {
      const editor = await EditorFlow.open(context.session);
      const made = document(context, await context.currentTarget());
      if (cache === 'cold') await context.coldCache();
      await context.start();
      await editor.importFile(made);
    },
  };
}

export function ledgerFlows(): Flow[] {
  let backupDocument: unknown = null;
  const minute = 60_000;
  return [
    {
      id: 'popupCold',
      what: 'open popup (cold)',
      floor: FLOORS.popupCold,
      timeoutMs: minute,
      async run({ session, start, coldCache }) {
        await coldCache();
        await start();
        await PopupFlow.open(session);
      },
    },
    {
      id: 'popupWarm',
      what: 'open popup (warm)',
      floor: FLOORS.popupWarm,
      timeoutMs: minute,
      async run({ session, start }) {
        await start();
        await PopupFlow.open(session);
      },
    },
    {
      id: 'openBuilding',
      what: 'open a building',
      floor: FLOORS.openBuilding,
      timeoutMs: minute,
      async run({ session, start }) {
        const popup = await PopupFlow.open(session);
        await start();
        await popup.openBuilding(1);
      },
    },
    {
      id: 'editorCold',
      what: 'open the editor (cold)',
      floor: FLOORS.editorCold,
      timeoutMs: minute,
      async run({ session, start, coldCache }) {
        await coldCache();
        await start();
        await EditorFlow.open(session);
      },
    },
    {
      id: 'editorWarm',
      what: 'open the editor (warm)',
      floor: FLOORS.editorWarm,
      timeoutMs: minute,
      async run({ session, start }) {
        await start();
        await EditorFlow.open(session);
      },
    },
    {
      id: 'saveSlot',
      what: 'save a slot',
      floor: FLOORS.saveSlot,
      timeoutMs: minute,
      async run({ session, start }) {
        const editor = await EditorFlow.open(session);
        await start();
        await editor.save(3, 'Saved by the bench');
      },
    },
    importFlow(
      'import3Warm',
      'import 3 slots (1 unchanged), cache warm',
      FLOORS.import3Warm,
      'warm',
      (c, t) => threeSlots(c, t, 'Warm'),
    ),
    importFlow(
      'import3Cold',
      'import 3 slots (1 unchanged), cache cold',
      FLOORS.import3Cold,
      'cold',
      (c, t) => threeSlots(c, t, 'Cold'),
    ),
    importFlow('import20Warm', 'import 20 slots, cache warm', FLOORS.import20Warm, 'warm', (_, t) =>
      singleTarget(t, newValues('Warm20', range(1, SLOTS))),
    ),
    importFlow('import20Cold', 'import 20 slots, cache cold', FLOORS.import20Cold, 'cold', (_, t) =>
      singleTarget(t, newValues('Cold20', range(1, SLOTS))),
    ),
    {
      id: 'copy5',
      what: 'copy one slot to 5 targets',
      floor: FLOORS.copy5,
      timeoutMs: 2 * minute,
      async run({ session, start }) {
        const editor = await EditorFlow.open(session);
        await start();
        await editor.copySlot(1, 7, 5);
      },
    },
    {
      id: 'document6Of2',
      what: 'write a 6-piece document, 2 pieces changed',
      floor: FLOORS.document6Of2,
      timeoutMs: 2 * minute,
      async run({ session, start }) {
        const { text, changed } = documentTexts();
        const editor = await EditorFlow.open(session);
        await editor.writeDocument(text); // the document the editor shows; then 2 pieces change
        await start();
        await editor.writeDocument(changed);
      },
    },
    {
      id: 'backup',
      what: `back up everything (${BUILDINGS} buildings, cold)`,
      floor: FLOORS.backup,
      timeoutMs: 4 * minute,
      async run({ session, sandbox, buildings, start, coldCache }) {
        // The file this backup writes is what the restore below brings back.
        backupDocument = {
          format: 'page-options/v1',
          targets: buildings.map((id) => {
            const target: Target = { kind: 'building', id };
            return singleTarget(
              target,
              range(1, SLOTS).map((slot) => ({ slot, ...heldSlot(sandbox, target, slot) })),
            );
          }),
        };
        await coldCache();
        await start();
        await backUpEverything(session);
      },
    },
    {
      id: 'restore12',
      what: `restore ${BUILDINGS} targets, ${CHANGED_AFTER_BACKUP} changed since (cold)`,
      floor: FLOORS.restore12,
      timeoutMs: 4 * minute,
      async run({ session, sandbox, buildings, start, coldCache }) {
        if (!backupDocument) throw new Error('no backup to restore');
        for (let n = 0; n < CHANGED_AFTER_BACKUP; n++)
          sandbox.changeSlot({
            target: { kind: 'building', id: buildings[n % BUILDINGS] as string },
            option: 1 + ((Math.floor(n / BUILDINGS) * 7 + n) % SLOTS),
            title: 'Changed since the backup',
            data: `elsewhere ${n}`,
          });
        const editor = await EditorFlow.open(session);
        await coldCache();
        await start();
        await editor.restoreFile(backupDocument);
      },
    },
    {
      id: 'session',
      what: 'scripted session (popup, building, editor, 3 saves, import 10, popup)',
      floor: SESSION_FLOOR,
      timeoutMs: 4 * minute,
      async run(context) {
        await context.coldCache();
        await context.start();
        const popup = await PopupFlow.open(context.session);
        await popup.openBuilding(2);
        await popup.page.close();
        const editor = await EditorFlow.open(context.session);
        for (const option of [1, 2, 3]) await editor.save(option, `Session edit ${option}`);
        await editor.importFile(
          singleTarget(await context.currentTarget(), newValues('Session', range(4, 10))),
        );
        await editor.page.close();
        await PopupFlow.open(context.session);
      },
    },
    {
      id: 'portfolioRound',
      what: `one portfolio round (${BUILDINGS} buildings, cold)`,
      floor: FLOORS.portfolioRound,
      timeoutMs: 4 * minute,
      async run({ session, start, coldCache }) {
        await coldCache();
        await start();
        await portfolioRound(session, BUILDINGS);
      },
    },
  ];
}
