/**
 * The toolbar badge follows the running jobs of every profile (imports, restores, copies and
 * backups): `settled/total` of them all; while they wait for the request budget, the wait counted
 * down ("12s"); nothing when none runs. Framework-free: the worker passes the badge setter, the
 * scheduler's wait and the clock.
 */
import type { Family } from './storage/family';

export interface JobProgress {
  settled: number;
  total: number;
}

/** What the badge says for these running jobs, when the request queues wait until `waitingUntil`. */
export function badgeText(running: readonly JobProgress[], waitingUntil: number, now: number): string {
  if (running.length === 0) return '';
  if (waitingUntil > now) return `${Math.ceil((waitingUntil - now) / 1000)}s`;
  let settled = 0;
  let total = 0;
  for (const job of running) {
    settled += job.settled;
    total += job.total;
  }
  return `${settled}/${total}`;
}

export interface BadgeDeps {
  setText(text: string): Promise<void>;
  /** When the request queues let the next request go (epoch ms; 0 when none waits). */
  waitingUntil(): number;
  now?(): number;
}

export function createBadge(deps: BadgeDeps) {
  const now = deps.now ?? Date.now;
  const running = new Map<string, JobProgress[]>();
  let ticker: ReturnType<typeof setInterval> | undefined;
  let shown: string | null = null;

  function show(): Promise<void> {
    const jobs = [...running.values()].flat();
    const waiting = jobs.length > 0 && deps.waitingUntil() > now();
    // While a job waits, the countdown moves each second without any other change to wake it.
    if (waiting && ticker === undefined) ticker = setInterval(() => void show(), 1_000);
    if (!waiting && ticker !== undefined) {
      clearInterval(ticker);
      ticker = undefined;
    }
    const text = badgeText(jobs, deps.waitingUntil(), now());
    if (text === shown) return Promise.resolve();
    shown = text;
    return deps.setText(text).catch(() => undefined);
  }

  /** The running jobs of one kind, all profiles together. */
  function jobs(kind: string, progress: readonly JobProgress[]): Promise<void> {
    running.set(kind, [...progress]);
    return show();
  }

  return {
    jobs,
    /** The queues changed (a wait began or ended). */
    show,
    /**
     * Follows the running jobs of a stored family as they change; returns the load of what is
     * stored already (at worker start, for these profiles).
     */
    follow<T extends { state: string }>(kind: string, family: Family<T>, progress: (job: T) => JobProgress) {
      const stored = new Map<string, T>();
      const keep = (key: string, job: T | null) => {
        if (job?.state === 'running') stored.set(key, job);
        else stored.delete(key);
      };
      const update = () => jobs(kind, [...stored.values()].map(progress));
      family.watchAll((key, job) => {
        keep(key, job);
        void update();
      });
      return async (profileIds: readonly string[]) => {
        for (const entry of await family.entriesOf(profileIds)) keep(entry.key, entry.value);
        await update();
      };
    },
  };
}
