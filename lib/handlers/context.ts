/** What every handler needs: a profile's settings and credentials turned into an API config (lib/worker-deps.ts). */
export {
  type Connection,
  type WorkerDeps,
  apiConfig,
  connect,
  endAccountRequests,
  keyBudget,
  profileOf,
} from '../worker-deps';
