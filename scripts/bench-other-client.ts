/** Another client of the same key in the budget benches: requests over plain HTTP, not through the extension. */
import { DEMO } from '../test/sandbox/seed';
import type { Sandbox } from '../test/sandbox/server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `count` requests of the other client, one after another; `query` marks them in the log. */
export async function otherRequests(sandbox: Sandbox, count: number, query = ''): Promise<void> {
  const building = DEMO.buildings.juergen[0] as string;
  for (let i = 0; i < count; i++)
    await fetch(`${sandbox.url}/building/details/${building}${query ? `?${query}` : ''}`, {
      headers: { Authorization: `Bearer ${DEMO.premium.token}` },
    }).catch(() => undefined);
}

/** `each` requests at the start of every window of `windowMs` until stopped; `query` marks them in the log. */
export function otherClient(sandbox: Sandbox, each: number, windowMs: number, query = ''): () => void {
  let on = true;
  void (async () => {
    while (on) {
      await otherRequests(sandbox, on ? each : 0, query);
      await sleep(windowMs);
    }
  })();
  return () => {
    on = false;
  };
}
