/**
 * When the background refresh runs: at start-up, on its alarm, and when something it depends on
 * changes (profiles, its settings, a page opening the portfolio). One run at a time; a kick during
 * a run runs once more after it. While the worker lives, a timer wakes it at the time the run asked
 * for; the alarm (at least 30 s ahead, the browsers' floor) wakes a stopped worker.
 */
export const PORTFOLIO_ALARM = 'portfolio-refresh';
/** Chrome does not fire alarms sooner than 30 s ahead. */
const ALARM_FLOOR_MS = 30_000;

export interface RunnerDeps {
  run(): Promise<{ wakeAt: number | null }>;
  setAlarm(when: number | null): Promise<void>;
  now?: () => number;
}

export function portfolioRunner(deps: RunnerDeps) {
  const now = () => deps.now?.() ?? Date.now();
  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function loop(): Promise<void> {
    do {
      again = false;
      const { wakeAt } = await deps.run().catch((error: unknown) => {
        console.error('portfolio refresh failed', error);
        return { wakeAt: now() + 60_000 };
      });
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      if (wakeAt !== null) timer = setTimeout(kick, Math.max(0, wakeAt - now()));
      await deps
        .setAlarm(wakeAt === null ? null : Math.max(wakeAt, now() + ALARM_FLOOR_MS))
        .catch(() => undefined);
    } while (again);
  }

  function kick(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = loop().finally(() => {
      running = null;
    });
    return running;
  }

  return { kick };
}
