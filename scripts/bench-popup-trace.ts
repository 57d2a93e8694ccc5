/**
 * The popup's trace, read (scripts/bench-popup-profile.ts drives the opens): the renderer main
 * thread that parsed the page, from navigation to the page's content mark; its busy time (the union
 * of its top-level tasks), self time by trace event, V8's samples by function and module, and its
 * tasks in order.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CDPSession } from 'playwright-core';
import { decodeSegment, moduleName } from './bundle-breakdown';

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: Record<string, unknown>;
  id?: string;
}
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
}

const ROOT = resolve(new URL('..', import.meta.url).pathname);

/** Where a built file's position comes from: `module:line`, or null without a sourcemap. */
export type SourceOf = (file: string, line: number, column: number) => string | null;

/** `module:line` of a position in `build`'s files, when a sourcemap lies beside the file (a BUNDLE_ANALYSIS build). */
export function sourceMapper(build: string): SourceOf {
  /** Per built file, its sourcemap's segments by line: [column, source, original line]. */
  const maps = new Map<string, { sources: string[]; lines: [number, number, number][][] } | null>();
  return (file, line, column) => {
    if (!maps.has(file)) {
      const path = join(build, `${file}.map`);
      if (!existsSync(path)) maps.set(file, null);
      else {
        const map = JSON.parse(readFileSync(path, 'utf8')) as { sources: string[]; mappings: string };
        let source = 0;
        let original = 0;
        const lines = map.mappings.split(';').map((segments) => {
          let col = 0;
          return segments
            .split(',')
            .filter(Boolean)
            .map((segment) => {
              const [dc = 0, ds, dl = 0] = decodeSegment(segment);
              col += dc;
              if (ds !== undefined) {
                source += ds;
                original += dl;
              }
              return [col, ds === undefined ? -1 : source, original] as [number, number, number];
            });
        });
        const sources = map.sources.map((s) => moduleName(s, dirname(path), ROOT));
        maps.set(file, { sources, lines });
      }
    }
    const map = maps.get(file);
    const segment = map?.lines[line]?.findLast(([col]) => col <= column);
    if (!map || !segment || segment[1] < 0) return null;
    return `${map.sources[segment[1]]}:${segment[2] + 1}`;
  };
}

export const CONTENT_MARK = 'popup-content-shown';
export const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
];

export async function readTrace(cdp: CDPSession): Promise<TraceEvent[]> {
  const done = new Promise<string>((resolveStream) =>
    cdp.once('Tracing.tracingComplete', (event) => resolveStream(event.stream ?? '')),
  );
  await cdp.send('Tracing.end');
  const handle = await done;
  let text = '';
  for (;;) {
    const chunk = await cdp.send('IO.read', { handle });
    text += chunk.base64Encoded ? Buffer.from(chunk.data, 'base64').toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send('IO.close', { handle });
  const parsed = JSON.parse(text) as TraceEvent[] | { traceEvents: TraceEvent[] };
  return Array.isArray(parsed) ? parsed : parsed.traceEvents;
}

export interface OpenProfile {
  wallMs: number;
  busyMs: number;
  jsMs: number;
  /** Self time by function (`name url:line`), ms. */
  self: Map<string, number>;
  /** Self time by trace event name, ms. */
  kinds: Map<string, number>;
  /** The window's tasks of 1 ms or more, in order. */
  timeline: string[];
}

/** The popup renderer's main thread from its navigation to `content` (ms since navigation). */
export function analyse(
  events: TraceEvent[],
  path: string,
  contentMs: number,
  sourceOf: SourceOf,
): OpenProfile {
  const mainThreads = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  );
  // The popup's renderer: the main thread that parsed the popup's HTML.
  const parse = events.find(
    (e) =>
      e.name === 'ParseHTML' &&
      String((e.args?.beginData as { url?: string } | undefined)?.url ?? '').endsWith(path) &&
      mainThreads.some((t) => t.pid === e.pid && t.tid === e.tid),
  );
  if (!parse) throw new Error(`no ParseHTML of ${path} in the trace`);
  const { pid, tid } = parse;
  const onMain = events.filter((e) => e.pid === pid && e.tid === tid);
  // The page marked the frame that showed the content (blink.user_timing), `contentMs` after navigation.
  const mark = onMain.find((e) => e.name === CONTENT_MARK);
  if (!mark) throw new Error(`no ${CONTENT_MARK} mark in the trace`);
  const end = mark.ts;
  const navStart = end - contentMs * 1000;
  // Top-level tasks (nested ones lie inside them): the union of their intervals in [navStart, end].
  const spans = onMain
    .filter((e) => e.ph === 'X' && e.cat.includes('toplevel') && e.ts < end && e.ts + (e.dur ?? 0) > navStart)
    .map((e) => [Math.max(e.ts, navStart), Math.min(e.ts + (e.dur ?? 0), end)] as const)
    .toSorted((a, b) => a[0] - b[0]);
  let busyUs = 0;
  let reached = navStart;
  for (const [from, to] of spans) {
    if (to <= reached) continue;
    busyUs += to - Math.max(from, reached);
    reached = to;
  }
  // Self time of each kind of trace event (ParseHTML, UpdateLayoutTree, v8.compile, …) in the window.
  const kinds = new Map<string, number>();
  const stack: { name: string; end: number }[] = [];
  let last = navStart;
  const credit = (upTo: number) => {
    const top = stack.at(-1);
    if (top && upTo > last)
      kinds.set(top.name, (kinds.get(top.name) ?? 0) + (Math.min(upTo, end) - last) / 1000);
    last = Math.max(last, upTo);
  };
  for (const e of onMain
    .filter((x) => x.ph === 'X' && x.dur !== undefined && x.ts < end && x.ts + (x.dur ?? 0) > navStart)
    .toSorted((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    while (stack.length && (stack.at(-1) as { end: number }).end <= e.ts) {
      credit((stack.at(-1) as { end: number }).end);
      stack.pop();
    }
    credit(Math.max(e.ts, navStart));
    stack.push({ name: e.name, end: e.ts + (e.dur ?? 0) });
  }
  while (stack.length) {
    credit((stack.at(-1) as { end: number }).end);
    stack.pop();
  }
  // V8's samples of this thread: ProfileChunk events carry nodes, samples and time deltas.
  const profileIds = new Set(
    events.filter((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid).map((e) => e.id),
  );
  const nodes = new Map<number, ProfileNode>();
  const samples: { at: number; node: number }[] = [];
  const clock = new Map<string | undefined, number>();
  for (const e of events)
    if (e.name === 'Profile' && profileIds.has(e.id))
      clock.set(e.id, (e.args?.data as { startTime: number }).startTime);
  for (const chunk of events.filter(
    (e) => e.name === 'ProfileChunk' && e.pid === pid && profileIds.has(e.id),
  )) {
    const data = chunk.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    let at = clock.get(chunk.id) ?? chunk.ts;
    (data.cpuProfile?.samples ?? []).forEach((node, i) => {
      at += data.timeDeltas?.[i] ?? 0;
      samples.push({ at, node });
    });
    clock.set(chunk.id, at);
  }
  const placeOf = ({ url = '', lineNumber = 0, columnNumber = 0 }: ProfileNode['callFrame']) => {
    const file = url.replace(/^chrome-extension:\/\/[^/]+\//, '');
    return sourceOf(file, lineNumber, columnNumber) ?? `${file}:${lineNumber + 1}`;
  };
  // A native function (appendChild, a getter) counts under the nearest script function that called it.
  const callerOf = (node: ProfileNode): string => {
    for (let up = node.parent === undefined ? undefined : nodes.get(node.parent); up;) {
      if (up.callFrame.url) return `${up.callFrame.functionName || '(anonymous)'} ${placeOf(up.callFrame)}`;
      up = up.parent === undefined ? undefined : nodes.get(up.parent);
    }
    return '(no script)';
  };
  const self = new Map<string, number>();
  let jsUs = 0;
  samples.forEach(({ at, node: id }, i) => {
    const node = nodes.get(id);
    const next = samples[i + 1]?.at ?? at;
    if (!node || at < navStart || at > end) return;
    const { functionName, url = '' } = node.callFrame;
    if (['(idle)', '(program)', '(root)'].includes(functionName)) return;
    const width = Math.max(0, Math.min(next, end) - at);
    const key = `${functionName || '(anonymous)'} ${url ? placeOf(node.callFrame) : `← ${callerOf(node)}`}`;
    self.set(key, (self.get(key) ?? 0) + width / 1000);
    jsUs += width;
  });
  // The tasks of the window in order: when (ms after navigation), how long, what ran in them.
  const timeline: string[] = [];
  const ms = (us: number) => ((us - navStart) / 1000).toFixed(1);
  const topLevel = onMain
    .filter((e) => e.ph === 'X' && e.cat.includes('toplevel') && e.ts < end && e.ts + (e.dur ?? 0) > navStart)
    .toSorted((a, b) => a.ts - b.ts)
    .filter(
      (e, i, all) => !all.slice(0, i).some((o) => o.ts <= e.ts && o.ts + (o.dur ?? 0) >= e.ts + (e.dur ?? 0)),
    );
  for (const task of topLevel) {
    const to = task.ts + (task.dur ?? 0);
    if ((task.dur ?? 0) < 1000) continue;
    const inside = onMain.filter(
      (e) =>
        e !== task && e.ph === 'X' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= to && (e.dur ?? 0) >= 1000,
    );
    const what = inside
      .filter(
        (e) =>
          !['ThreadControllerImpl::RunTask', 'RunTask', 'FunctionCall', 'RunMicrotasks'].includes(e.name),
      )
      .slice(0, 6)
      .map((e) => {
        const data = (e.args?.data ?? e.args?.beginData) as
          { url?: string; functionName?: string } | undefined;
        const about = data?.url
          ? ` ${data.url.replace(/^chrome-extension:\/\/[^/]+\//, '')}`
          : data?.functionName
            ? ` ${data.functionName}`
            : '';
        return `${e.name}${about} ${((e.dur ?? 0) / 1000).toFixed(1)}`;
      });
    const js = new Map<string, number>();
    samples.forEach(({ at, node: id }, i) => {
      const node = nodes.get(id);
      if (
        !node ||
        at < task.ts ||
        at > to ||
        ['(idle)', '(program)', '(root)'].includes(node.callFrame.functionName)
      )
        return;
      const key = node.callFrame.url
        ? `${node.callFrame.functionName || '(anonymous)'} ${placeOf(node.callFrame)}`
        : `${node.callFrame.functionName} ← ${callerOf(node)}`;
      js.set(key, (js.get(key) ?? 0) + ((samples[i + 1]?.at ?? at) - at) / 1000);
    });
    const hot = [...js]
      .toSorted((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`);
    timeline.push(
      `${ms(task.ts).padStart(7)} +${((task.dur ?? 0) / 1000).toFixed(1).padStart(5)}  ${what.join(' | ')}${hot.length ? `\n${' '.repeat(17)}js: ${hot.join(' | ')}` : ''}`,
    );
  }
  return { wallMs: contentMs, busyMs: busyUs / 1000, jsMs: jsUs / 1000, self, kinds, timeline };
}
