/**
 * A line diff for the import preview: current and new value side by side, changed lines marked.
 * JSON is shown pretty-printed (on both sides) so a compact one-line value still diffs by line.
 */
import { prettyJson } from '../../lib/slots/validate';

export interface DiffRow {
  /** The current line, or null where the new value has a line more. */
  old: string | null;
  /** The new line, or null where the current value had a line more. */
  new: string | null;
  changed: boolean;
}

/** Beyond this many line pairs the LCS table is too large; lines are then compared by position. */
const LCS_LIMIT = 250_000;

/** Pretty JSON (numbers and strings as written) when the text is a JSON object or array, else the text as it is. */
export function readable(text: string): string {
  const trimmed = text.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text;
  return prettyJson(trimmed) ?? text;
}

function byPosition(a: string[], b: string[]): DiffRow[] {
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => {
    const old = a[i] ?? null;
    const next = b[i] ?? null;
    return { old, new: next, changed: old !== next };
  });
}

/** Pairs up a run of removed and added lines as changed rows. */
function flush(rows: DiffRow[], removed: string[], added: string[]): void {
  for (let i = 0; i < Math.max(removed.length, added.length); i++) {
    rows.push({ old: removed[i] ?? null, new: added[i] ?? null, changed: true });
  }
  removed.length = 0;
  added.length = 0;
}

export function diffLines(before: string, after: string): DiffRow[] {
  const a = before === '' ? [] : before.split('\n');
  const b = after === '' ? [] : after.split('\n');
  if (a.length * b.length > LCS_LIMIT) return byPosition(a, b);
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lcs[i] as Uint32Array;
    const below = lcs[i + 1] as Uint32Array;
    for (let j = b.length - 1; j >= 0; j--) {
      row[j] =
        a[i] === b[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
    }
  }
  const rows: DiffRow[] = [];
  const removed: string[] = [];
  const added: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush(rows, removed, added);
      rows.push({ old: a[i] as string, new: b[j] as string, changed: false });
      i++;
      j++;
    } else if (j < b.length && (i >= a.length || (lcs[i]?.[j + 1] ?? 0) >= (lcs[i + 1]?.[j] ?? 0))) {
      added.push(b[j++] as string);
    } else {
      removed.push(a[i++] as string);
    }
  }
  flush(rows, removed, added);
  return rows;
}
