import type { History, RecordTable } from './types';

export function historyStart(present: RecordTable): History {
  return { past: [], present, future: [] };
}
export function historyPush(h: History, t: RecordTable): History {
  return { past: [...h.past, h.present], present: t, future: [] };
}
export function undo(h: History): History {
  const previous = h.past[h.past.length - 1];
  if (!previous) return h;
  return { past: h.past.slice(0, -1), present: previous, future: [h.present, ...h.future] };
}
export function redo(h: History): History {
  const [next, ...rest] = h.future;
  if (!next) return h;
  return { past: [...h.past, h.present], present: next, future: rest };
}
