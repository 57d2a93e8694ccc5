import type { SettingsView } from '../../lib/messaging/protocol';

export function settingsView(overrides: Partial<SettingsView> = {}): SettingsView {
  return {
    baseUrl: '',
    hasToken: false,
    hasSecret: false,
    secretPersistence: 'session',
    premiumOverride: 'auto',
    detectedPremium: null,
    premium: false,
    ...overrides,
  };
}
