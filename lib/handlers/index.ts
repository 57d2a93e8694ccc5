/** The worker's handler map: one entry per message type of the protocol. */
import type { Handlers } from '../messaging/router';
import { backupHandlers } from './backup';
import { buildingHandlers } from './buildings';
import type { WorkerDeps } from './context';
import { importHandlers } from './import';
import { optionHandlers } from './options';
import { type PortfolioHandlerDeps, portfolioHandlers } from './portfolio';
import { profileHandlers } from './profiles';
import { queueHandlers } from './queue';
import { settingsHandlers } from './settings';
import { slotHandlers } from './slots';
import { targetHandlers } from './targets';

export { resumeBackups } from './backup';
export { resumeJobs } from './import';
export type { WorkerDeps } from './context';
export type { PortfolioHandlerDeps } from './portfolio';

export function createHandlers(deps: WorkerDeps & PortfolioHandlerDeps): Handlers {
  return {
    ...profileHandlers(deps),
    ...settingsHandlers(deps),
    ...buildingHandlers(deps),
    ...optionHandlers(deps),
    ...slotHandlers(deps),
    ...importHandlers(deps),
    ...targetHandlers(deps),
    ...queueHandlers(deps),
    ...portfolioHandlers(deps),
    ...backupHandlers(deps),
  };
}
