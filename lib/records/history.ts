/**
 * One undo history for the table: every edit (a paste or a sort included) is one step. Tables are
 * immutable and share their unchanged rows, so a step costs the rows it changed.
 */
import type { History, RecordTable } from './types';

/** Steps kept back; the oldest go first. */
export const HISTORY_LIMIT = 500;

export function historyStart(present: RecordTable): History {
  return { past: [], present, future: [] };
}

/** `table` as the new present; an edit that changed nothing (the same table) adds no step. */
export function historyPush(history: History, table: RecordTable): History {
  if (table === history.present) return history;
  const past = [...history.past, history.present];
  return {
    past: past.length > HISTORY_LIMIT ? past.slice(-HISTORY_LIMIT) : past,
    present: table,
    future: [],
  };
}

export function undo(history: History): History {
  const previous = history.past[history.past.length - 1];
  if (!previous) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [history.present, ...history.future] };
}

export function redo(history: History): History {
  const [next, ...rest] = history.future;
  if (!next) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}
