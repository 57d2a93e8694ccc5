/** Another client of the same key in the budget benches: requests over plain HTTP, not through the extension. */
import { DEMO } from '../test/sandbox/seed';
import type { Sandbox } from '../test/sandbox/server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `each` requests at the start of every window of `windowMs` until stopped; `query` marks them in the log. */
export function otherClient(sandbox: Sandbox, each: number, windowMs: number, query = ''): () => void {
  const building = DEMO.buildings.juergen[0] as string;
  let on = true;
  void (async () => {
    while (on) {
      for (let i = 0; i < each && on; i++)
        await fetch(`${sandbox.url}/building/details/${building}${query ? `?${query}` : ''}`, {
          headers: { Authorization: `Bearer ${DEMO.premium.token}` },
        }).catch(() => undefined);
      await sleep(windowMs);
    }
  })();
  return () => {
    on = false;
  };
}
