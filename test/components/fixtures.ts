import type { SettingsView } from '../../lib/messaging/protocol';

export function settingsView(overrides: Partial<SettingsView> = {}): SettingsView {
  return {
    profileId: 'p-1',
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
