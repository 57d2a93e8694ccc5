/**
 * What a failed E2E test leaves under `test-results/<file>/<test>/`: a screenshot of each open page,
 * the pages' and the worker's console, and the sandbox's request log of that test.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { BrowserContext, ConsoleMessage } from 'playwright-core';
import type { TestContext } from 'vitest';

export interface ConsoleRecorder {
  lines: string[];
}

/** Keeps every console line of the context's pages and service workers, as they come. */
export function recordConsole(context: BrowserContext): ConsoleRecorder {
  const recorder: ConsoleRecorder = { lines: [] };
  const keep = (from: string) => (message: ConsoleMessage) =>
    recorder.lines.push(`${new Date().toISOString()} [${from}] ${message.type()}: ${message.text()}`);
  const follow = (page: { url(): string; on(e: 'console', l: (m: ConsoleMessage) => void): unknown }) =>
    page.on('console', keep(page.url() || 'page'));
  context.pages().forEach(follow);
  context.on('page', follow);
  context.serviceWorkers().forEach((worker) => worker.on('console', keep('worker')));
  context.on('serviceworker', (worker) => worker.on('console', keep('worker')));
  return recorder;
}

const safe = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, '-').slice(0, 100);

/** Writes the record of a failed test; a failure to write one never hides the test's own. */
export async function keepFailure(
  test: TestContext['task'],
  context: BrowserContext | undefined,
  consoleLines: readonly string[],
  requestLog: () => unknown,
): Promise<void> {
  const dir = join('test-results', safe(basename(test.file?.name ?? 'e2e')), safe(test.name));
  mkdirSync(dir, { recursive: true });
  const pages = context?.pages() ?? [];
  await Promise.all(
    pages.map((page, i) =>
      page
        .screenshot({ path: join(dir, `page-${i + 1}.png`), fullPage: true, timeout: 5_000 })
        .catch(() => {}),
    ),
  );
  writeFileSync(join(dir, 'pages.txt'), pages.map((page, i) => `page-${i + 1}: ${page.url()}`).join('\n'));
  writeFileSync(join(dir, 'console.txt'), consoleLines.join('\n'));
  let log: unknown;
  try {
    log = requestLog();
  } catch (error) {
    log = String(error);
  }
  writeFileSync(join(dir, 'requests.json'), JSON.stringify(log, null, 1));
  // What failed, first: the assertion and where, as vitest reports it.
  const errors = (test.result?.errors ?? []).map((error) => `${error.message}\n${error.stack ?? ''}`);
  writeFileSync(join(dir, 'error.txt'), errors.join('\n\n'));
}
