import { vi } from 'vitest';
import type { Send } from '../../lib/messaging/page-client';
import type { MessageType, SettingsView } from '../../lib/messaging/protocol';
import type { BackupJob } from '../../lib/storage/backup-jobs';

export function settingsView(overrides: Partial<SettingsView> = {}): SettingsView {
  return {
    profileId: 'p1',
    name: 'Account 1',
    color: '#2f6fdf',
    baseUrl: '',
    hasToken: false,
    hasSecret: false,
    secretPersistence: 'session',
    premiumOverride: 'auto',
    detectedPremium: null,
    requestsPerMinute: null,
    freshnessMinutes: 5,
    premium: false,
    ...overrides,
  };
}

/** A backup of 12 buildings of 20 slots, 84 of 240 settled, running for profile p-1 (`change` on top). */
export const runningBackup = (change: Partial<BackupJob> = {}): BackupJob => ({
  id: 'job-1',
  profileId: 'p-1',
  profileName: 'Lotte',
  createdAt: 1,
  state: 'running',
  settled: 84,
  total: 240,
  requests: 80,
  toRead: 156,
  perMinute: 10,
  targets: Array.from({ length: 12 }, (_, i) => ({
    target: { kind: 'building' as const, id: `b-${3001 + i}` },
    name: `Haus ${i + 1}`,
    slots: 20,
    outcome: 'pending' as const,
  })),
  ...change,
});

export interface SentMessage {
  type: MessageType;
  payload: unknown;
}

/** The worker's answer for a message it knows, or undefined for one it does not. */
export type Answers = (type: MessageType, payload: unknown) => unknown;

/**
 * A fake worker behind a page's `send`: records every message, answers with `answers`, and refuses
 * one it does not know with `unknown`'s error (by default an internal error naming it).
 */
export function recordingWorker(
  answers: Answers,
  unknown: (type: MessageType) => object = (type) => ({ kind: 'internal', message: type }),
) {
  const calls: SentMessage[] = [];
  const send = vi.fn(async (type: MessageType, payload: unknown) => {
    calls.push({ type, payload });
    return (await answers(type, payload)) ?? { ok: false, error: unknown(type) };
  }) as unknown as Send;
  return { send, calls, sent: (type: MessageType) => calls.filter((c) => c.type === type) };
}

/** A basic account with token and secret saved and these buildings: its settings and building list. */
export function signedInAnswers(buildings: { id: string; label: string }[]): Answers {
  return (type) => {
    if (type === 'getSettings')
      return { ok: true, value: settingsView({ premium: false, hasToken: true, hasSecret: true }) };
    if (type === 'listBuildings') return { ok: true, value: buildings };
    return undefined;
  };
}
