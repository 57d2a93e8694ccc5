/**
 * The bench's cold start: stops the extension's service worker through the DevTools protocol (as
 * Chromium does after 30 s idle) and waits until it has stopped, with no extension page left open.
 */
import type { BrowserContext } from 'playwright-core';

interface WorkerVersion {
  versionId: string;
  runningStatus: string;
}

export async function workerStopper(context: BrowserContext) {
  const page = await context.newPage(); // about:blank: its DevTools session reaches the workers
  const cdp = await context.newCDPSession(page);
  const status = new Map<string, string>();
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }: { versions: WorkerVersion[] }) => {
    for (const version of versions) status.set(version.versionId, version.runningStatus);
  });
  await cdp.send('ServiceWorker.enable');
  const allStopped = () => [...status.values()].every((s) => s === 'stopped');
  return {
    async stop(): Promise<void> {
      for (const other of context.pages()) if (other !== page) await other.close();
      await cdp.send('ServiceWorker.stopAllWorkers');
      // A worker still answering a closed page's last messages may start again: ask until it stays stopped.
      for (let i = 0; i < 1_000 && !allStopped(); i++) {
        if (i % 50 === 0) await cdp.send('ServiceWorker.stopAllWorkers');
        await new Promise((r) => setTimeout(r, 10));
      }
      if (!allStopped()) throw new Error(`the worker did not stop: ${JSON.stringify([...status])}`);
    },
    close: () => page.close(),
  };
}
