/**
 * Someone else changing a slot: at once (`changeSlot`), or between two requests of the extension
 * (`changeSlotAfter`: once the n-th read of that slot has been answered, as another client writing
 * right after the extension looked). The change is a write like the API's own: a new value and a
 * `lastUpdated` strictly after the old one.
 */
import type { SandboxData, SlotRecord } from './types';

export interface SlotChange {
  target: { kind: 'building' | 'factory'; id: string };
  option: number;
  title: string;
  data: string;
  /** For `changeSlotAfter`: the change lands after this many reads (GET) of the slot were answered. */
  afterReads?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks a slot change given as JSON (the control endpoint); a message naming the bad field otherwise. */
export function parseSlotChange(
  value: unknown,
): { ok: true; change: SlotChange } | { ok: false; message: string } {
  const bad = (message: string) => ({ ok: false as const, message });
  if (!isRecord(value)) return bad('slot change must be a JSON object');
  const { target, option, title, data, afterReads } = value;
  if (
    !isRecord(target) ||
    (target.kind !== 'building' && target.kind !== 'factory') ||
    typeof target.id !== 'string'
  )
    return bad('target must be {"kind":"building"|"factory","id":"…"}');
  if (!Number.isInteger(option) || Number(option) < 1 || Number(option) > 20)
    return bad('option must be 1 to 20');
  if (typeof title !== 'string' || typeof data !== 'string') return bad('title and data must be strings');
  if (afterReads !== undefined && !(Number.isInteger(afterReads) && Number(afterReads) >= 1))
    return bad('afterReads must be a positive integer');
  const change: SlotChange = {
    target: { kind: target.kind, id: target.id },
    option: Number(option),
    title,
    data,
  };
  if (afterReads !== undefined) change.afterReads = Number(afterReads);
  return { ok: true, change };
}

const slotPath = (change: SlotChange) =>
  `/${change.target.kind}/options/${change.target.id}/${change.option}`;

function slotsOf(data: SandboxData, target: SlotChange['target']): SlotRecord[] | undefined {
  const owners = target.kind === 'building' ? data.buildings : data.factories;
  return owners.find((owner) => owner.id === target.id)?.slots;
}

/** Writes the change into the data as another client's write would; false when there is no such slot. */
export function applySlotChange(data: SandboxData, change: SlotChange): boolean {
  const slots = slotsOf(data, change.target);
  const old = slots?.[change.option - 1];
  if (!slots || !old) return false;
  const before = Date.parse(old.lastUpdated);
  const now = Date.now();
  const lastUpdated = new Date(Number.isNaN(before) || now > before ? now : before + 1).toISOString();
  slots[change.option - 1] = { title: change.title, data: change.data, lastUpdated };
  return true;
}

/** Changes waiting for their slot's n-th read; each lands once, then is gone. */
export class SlotChanges {
  private waiting: { change: SlotChange; reads: number }[] = [];

  add(change: SlotChange): void {
    this.waiting.push({ change, reads: 0 });
  }

  clear(): void {
    this.waiting = [];
  }

  /** Called after an API request was answered: counts reads and lands the changes that are due. */
  answered(data: SandboxData, method: string, path: string, status: number): void {
    if (method !== 'GET' || status !== 200) return;
    for (const entry of this.waiting) {
      if (path !== slotPath(entry.change)) continue;
      entry.reads += 1;
      if (entry.reads >= (entry.change.afterReads ?? 1)) applySlotChange(data, entry.change);
    }
    this.waiting = this.waiting.filter((entry) => entry.reads < (entry.change.afterReads ?? 1));
  }
}
