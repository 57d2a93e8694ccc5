/**
 * A long scripted session's storage, before and after the budgets are enforced: one profile that
 * read 100 buildings (five cached answers each), saved 1200 times across 200 slots (full
 * 2400-character values, so the history fills), left 300 drafts, and ran one import that can still
 * be undone (its 20 backups, the oldest history, must survive eviction).
 */
import { fakeBrowser } from './fake-extension-env';
import { enforceBudgets } from '../lib/storage/storage-room';
import { PROFILE_BUDGETS } from '../lib/storage/quota';
import { writeCached } from '../lib/storage/cache';
import { putDraft } from '../lib/storage/drafts';
import { profileUsage } from '../lib/storage/family';
import { historyFamily } from '../lib/storage/history';
import { historyEntry, pushHistory } from '../lib/storage/keep-replaced';

const PROFILE = 'bench-storage';
const text = (n: number, length: number) => `${n}:`.padEnd(length, 'ä');

export interface StorageSizes {
  family: string;
  budget: number | null;
  before: { count: number; bytes: number };
  after: { count: number; bytes: number };
  /** History entries of the undoable import still there after eviction (of 20). */
  keptBackups?: number;
}

export async function measureStorageSession(): Promise<StorageSizes[]> {
  fakeBrowser.reset();
  const base = Date.UTC(2026, 0, 1);
  for (let b = 0; b < 100; b++)
    for (const section of ['details', 'rooms', 'tenants', 'accounts', 'option'])
      await writeCached(PROFILE, [section, `b-${b}`], { note: text(b, 3_000) }, base + b * 1_000);
  for (let i = 0; i < 20; i++) {
    const target = { kind: 'building' as const, id: 'b-import' };
    const replaced = { title: `Vorher ${i}`, data: text(i, 2_400), lastUpdated: null };
    await pushHistory(PROFILE, target, i + 1, historyEntry(replaced, base, 'import-1'));
  }
  for (let save = 0; save < 1_200; save++) {
    const target = { kind: 'building' as const, id: `b-${save % 10}` };
    const replaced = { title: `Alt ${save}`, data: text(save, 2_400), lastUpdated: null };
    const slot = (Math.floor(save / 10) % 20) + 1;
    await pushHistory(PROFILE, target, slot, historyEntry(replaced, base + 100_000 + save));
  }
  for (let d = 0; d < 300; d++) {
    const draft = { title: `Entwurf ${d}`, data: text(d, 2_400), base: null, savedAt: base + d };
    await putDraft(PROFILE, { kind: 'factory', id: `f-${Math.floor(d / 20)}` }, (d % 20) + 1, draft);
  }
  const before = await profileUsage('local', PROFILE);
  await enforceBudgets(PROFILE, new Set(['import-1']));
  const after = await profileUsage('local', PROFILE);
  const backups = (await historyFamily.entries(PROFILE))
    .filter((e) => e.parts[1] === 'b-import')
    .flatMap((e) => e.value.filter((entry) => entry.jobId === 'import-1')).length;
  const none = { count: 0, bytes: 0 };
  return ['cache', 'history', 'draft'].map((family) => ({
    family,
    budget: PROFILE_BUDGETS[family as keyof typeof PROFILE_BUDGETS] ?? null,
    before: before.get(family) ?? none,
    after: after.get(family) ?? none,
    ...(family === 'history' ? { keptBackups: backups } : {}),
  }));
}
