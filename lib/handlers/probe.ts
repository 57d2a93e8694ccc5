/**
 * Finds scopes that appear to be missing by reading one building through each read endpoint:
 * a 403 there names the scope. Writes are never probed (a probe must not change a slot), so the
 * edit scopes and the factory scopes stay unchecked here (the connection test's factory line says
 * when the factory list was refused for the scope `factory`).
 */
import * as api from '../api/client';
import type { ApiConfig } from '../api/http-config';
import type { Result } from '../api/errors';
import type { Scope } from '../api/schemas';

interface ScopeProbe {
  scope: Scope;
  premiumOnly: boolean;
  run(config: ApiConfig, buildingId: string): Promise<Result<unknown>>;
}

const PROBES: ScopeProbe[] = [
  { scope: 'building.details', premiumOnly: false, run: (c, id) => api.readBuilding(c, id) },
  { scope: 'building.rooms', premiumOnly: false, run: (c, id) => api.listRooms(c, id) },
  { scope: 'building.options', premiumOnly: false, run: (c, id) => api.readBuildingOption(c, id, 1) },
  { scope: 'building.tenants', premiumOnly: true, run: (c, id) => api.listTenants(c, id) },
  { scope: 'building.bankaccount', premiumOnly: true, run: (c, id) => api.listBankAccounts(c, id) },
];

const NEVER_PROBED: Scope[] = ['building.options.edit', 'factory', 'factory.options', 'factory.options.edit'];

export async function probeScopes(
  config: ApiConfig,
  buildingId: string | null,
  premium: boolean | null,
): Promise<{ missingScopes: Scope[]; uncheckedScopes: Scope[] }> {
  const missingScopes: Scope[] = [];
  const uncheckedScopes: Scope[] = [...NEVER_PROBED];
  if (buildingId === null) {
    return {
      missingScopes,
      uncheckedScopes: [...PROBES.map((p) => p.scope), 'building.tenants.activity', ...uncheckedScopes],
    };
  }
  const runnable = PROBES.filter((probe) => premium === true || !probe.premiumOnly);
  uncheckedScopes.unshift(...PROBES.filter((p) => !runnable.includes(p)).map((p) => p.scope));
  const results = await Promise.all(runnable.map((probe) => probe.run(config, buildingId)));
  runnable.forEach((probe, i) => {
    const result = results[i];
    if (result && !result.ok && result.error.kind === 'forbidden') missingScopes.push(probe.scope);
  });
  const tenants = results[runnable.findIndex((p) => p.scope === 'building.tenants')];
  const activity = tenantActivity(tenants);
  if (activity === 'missing') missingScopes.push('building.tenants.activity');
  if (activity === 'unknown') uncheckedScopes.push('building.tenants.activity');
  return { missingScopes, uncheckedScopes };
}

/** With building.tenants.activity every tenant carries lastPayDate; without it none does. */
function tenantActivity(tenants: Result<unknown> | undefined): 'present' | 'missing' | 'unknown' {
  if (!tenants?.ok || !Array.isArray(tenants.value) || tenants.value.length === 0) return 'unknown';
  return tenants.value.some((t) => typeof t === 'object' && t !== null && 'lastPayDate' in t)
    ? 'present'
    : 'missing';
}
