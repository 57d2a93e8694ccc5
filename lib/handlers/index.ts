/** The worker's handler map: one entry per message type of the protocol. */
import type { Handlers } from '../messaging/router';
import { backupHandlers } from './backup';
import { buildingHandlers } from './buildings';
import type { WorkerDeps } from '../connection';
import { importHandlers } from './import';
import { readOptionHandlers } from './slot-reads';
import { type PortfolioHandlerDeps, portfolioHandlers } from './portfolio';
import { profileHandlers } from './profiles';
import { queueHandlers } from './queue';
import { settingsHandlers } from './settings';
import { slotHandlers } from './slot-saves';
import { targetHandlers } from './restore-copy';

export function createHandlers(deps: WorkerDeps & PortfolioHandlerDeps): Handlers {
  return {
    ...profileHandlers(deps),
    ...settingsHandlers(deps),
    ...buildingHandlers(deps),
    ...readOptionHandlers(deps),
    ...slotHandlers(deps),
    ...importHandlers(deps),
    ...targetHandlers(deps),
    ...queueHandlers(deps),
    ...portfolioHandlers(deps),
    ...backupHandlers(deps),
  };
}
