/**
 * HTTP control of a sandbox running in another process (never logged, no auth):
 *   POST /__sandbox/reset            restore seed data, clear faults and log, reset latency
 *   POST /__sandbox/latency          body {"ms":100}
 *   POST /__sandbox/faults           body = Fault JSON
 *   DELETE /__sandbox/faults         remove all faults
 *   GET /__sandbox/log               JSON array of LoggedRequest, oldest first
 *   DELETE /__sandbox/log            clear the log
 *   POST /__sandbox/profile          body {"profile":"live"} or {"profile":"default"}; fresh seed data
 *   POST /__sandbox/rate-limit       body {"limit":10,"windowSeconds":60} (window optional, default 60)
 *   DELETE /__sandbox/rate-limit     no limit
 *   POST /__sandbox/rate-headers     body {"on":true}
 *   POST /__sandbox/room             body {"roomId":"r-3001-01","tenant":null} frees a room, a name lets it
 *   POST /__sandbox/payment          body {"roomId":"r-3001-02","daysAgo":10} or {"lastPayDate":ISO}
 *   POST /__sandbox/sell             body {"buildingId":"b-3012"}: the building leaves its owner's list
 *   POST /__sandbox/factory-list     body {"on":false}: GET /factory/list/ answers 404 (true: served)
 *   POST /__sandbox/slot-change      body SlotChange JSON: someone else writes the slot, at once or
 *                                    (with "afterReads": n) right after its n-th read was answered
 */
import { errorReply, json, methodNotAllowed, type Reply } from './api';
import { parseFault } from './faults';
import { applyChange, type LandlordChange, parseChange } from './landlord';
import { PROFILES, type SandboxProfile } from './live';
import { checkRateLimit } from './rate-limit';
import { parseSlotChange } from './slot-change';
import type { Sandbox } from './sandbox';

export const CONTROL_PREFIX = '/__sandbox/';

const NO_CONTENT: Reply = { status: 204, headers: {}, body: '' };

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

type Action = (sandbox: Sandbox, body: string) => Reply;

/** The landlord's changes (test/sandbox/landlord.ts): 204, or 400 naming what is wrong. */
const landlordAction =
  (kind: LandlordChange['kind']): Action =>
  (sandbox, body) => {
    const change = parseChange(kind, parseJson(body));
    const problem =
      typeof change === 'string' ? change : sandbox.changeData((data) => applyChange(data, change));
    return problem === null ? NO_CONTENT : errorReply(400, 'validation_error', problem);
  };

const ACTIONS: Record<string, Partial<Record<'GET' | 'POST' | 'DELETE', Action>>> = {
  reset: {
    POST: (sandbox) => {
      sandbox.reset();
      return NO_CONTENT;
    },
  },
  latency: {
    POST: (sandbox, body) => {
      const ms = (parseJson(body) as { ms?: unknown } | undefined)?.ms;
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        return errorReply(400, 'validation_error', 'ms must be a non-negative number');
      }
      sandbox.setLatency(ms);
      return NO_CONTENT;
    },
  },
  faults: {
    POST: (sandbox, body) => {
      const parsed = parseFault(parseJson(body));
      if (!parsed.ok) return errorReply(400, 'validation_error', parsed.message);
      sandbox.addFault(parsed.fault);
      return NO_CONTENT;
    },
    DELETE: (sandbox) => {
      sandbox.clearFaults();
      return NO_CONTENT;
    },
  },
  profile: {
    POST: (sandbox, body) => {
      const profile = (parseJson(body) as { profile?: unknown } | undefined)?.profile;
      if (!PROFILES.includes(profile as SandboxProfile)) {
        return errorReply(400, 'validation_error', `profile must be one of ${PROFILES.join(', ')}`);
      }
      sandbox.setProfile(profile as SandboxProfile);
      return NO_CONTENT;
    },
  },
  'rate-limit': {
    POST: (sandbox, body) => {
      const parsed = checkRateLimit(parseJson(body));
      if (!parsed.ok) return errorReply(400, 'validation_error', parsed.message);
      sandbox.setRateLimit(parsed.value);
      return NO_CONTENT;
    },
    DELETE: (sandbox) => {
      sandbox.setRateLimit(null);
      return NO_CONTENT;
    },
  },
  'rate-headers': {
    POST: (sandbox, body) => {
      const on = (parseJson(body) as { on?: unknown } | undefined)?.on;
      if (typeof on !== 'boolean') return errorReply(400, 'validation_error', 'on must be true or false');
      sandbox.setRateHeaders(on);
      return NO_CONTENT;
    },
  },
  room: { POST: landlordAction('room') },
  payment: { POST: landlordAction('payment') },
  sell: { POST: landlordAction('sell') },
  'factory-list': {
    POST: (sandbox, body) => {
      const on = (parseJson(body) as { on?: unknown } | undefined)?.on;
      if (typeof on !== 'boolean') return errorReply(400, 'validation_error', 'on must be true or false');
      sandbox.setFactoryList(on);
      return NO_CONTENT;
    },
  },
  'slot-change': {
    POST: (sandbox, body) => {
      const parsed = parseSlotChange(parseJson(body));
      if (!parsed.ok) return errorReply(400, 'validation_error', parsed.message);
      if (parsed.change.afterReads !== undefined) sandbox.changeSlotAfter(parsed.change);
      else if (!sandbox.changeSlot(parsed.change)) return errorReply(404, 'not_found', 'No such slot');
      return NO_CONTENT;
    },
  },
  log: {
    GET: (sandbox) => json(200, sandbox.log),
    DELETE: (sandbox) => {
      sandbox.clearLog();
      return NO_CONTENT;
    },
  },
};

export function handleControl(sandbox: Sandbox, method: string, path: string, body: string): Reply {
  const name = path.slice(CONTROL_PREFIX.length);
  const actions = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  if (!actions) return errorReply(404, 'not_found', 'No such control endpoint');
  const action = actions[method as keyof typeof actions];
  return action ? action(sandbox, body) : methodNotAllowed(method, Object.keys(actions));
}
