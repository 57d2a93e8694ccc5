import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { countCharacters } from '../../lib/api/slot-limits';
import { profilesItem } from '../../lib/storage/profiles';
import { BaseUrl, defaultSettings, effectivePremium, originPattern } from '../../lib/storage/settings';

describe('BaseUrl', () => {
  it('accepts https anywhere and http on loopback, without a trailing slash', () => {
    expect(BaseUrl.parse(' https://api.example.com/v1/ ')).toBe('https://api.example.com/v1');
    expect(BaseUrl.parse('http://127.0.0.1:8787')).toBe('http://127.0.0.1:8787');
    expect(BaseUrl.parse('http://localhost:3000/')).toBe('http://localhost:3000');
  });

  it('names the exact problem of a bad address', () => {
    const problem = (value: string) => BaseUrl.safeParse(value).error?.issues[0]?.message;
    expect(problem('')).toBe('baseUrl.required');
    expect(problem('api.example.com')).toBe('baseUrl.invalid');
    expect(problem('ftp://api.example.com')).toBe('baseUrl.scheme');
    expect(problem('http://api.example.com')).toBe('baseUrl.https');
    expect(problem('https://me:pw@api.example.com')).toBe('baseUrl.credentials');
    expect(problem('https://api.example.com/#x')).toBe('baseUrl.query');
  });
});

describe('originPattern', () => {
  it('covers exactly the host of the base URL, on any port', () => {
    expect(originPattern('https://api.example.com/v1')).toBe('https://api.example.com/*');
    expect(originPattern('http://127.0.0.1:8787')).toBe('http://127.0.0.1/*');
  });
});

describe('profilesItem', () => {
  beforeEach(() => fakeBrowser.reset());

  const profile = {
    ...defaultSettings(),
    id: 'p-1',
    epoch: 0,
    name: 'Jürgen',
    color: '#2f6fdf',
    baseUrl: 'https://x.example',
    secretPersistence: 'local' as const,
    premiumOverride: 'off' as const,
    detectedPremium: true,
  };

  it('falls back to no profiles when storage holds nothing or something invalid', async () => {
    expect(await profilesItem.get()).toEqual({ active: null, list: [] });
    await fakeBrowser.storage.local.set({ [profilesItem.key]: { v: 1, value: { active: 42 } } });
    expect(await profilesItem.get()).toEqual({ active: null, list: [] });
  });

  it('reads a profile stored before epochs as epoch 0', async () => {
    const { epoch: _epoch, ...stored } = profile;
    await fakeBrowser.storage.local.set({
      [profilesItem.key]: { v: 1, value: { active: 'p-1', list: [stored] } },
    });
    expect((await profilesItem.get()).list[0]?.epoch).toBe(0);
  });

  it('round-trips a valid value; each profile keeps its own settings', async () => {
    const value = { active: 'p-1', list: [profile] };
    await profilesItem.set(value);
    expect(await profilesItem.get()).toEqual(value);
    expect(effectivePremium(profile)).toBe(false);
    expect(effectivePremium({ ...profile, premiumOverride: 'auto' })).toBe(true);
  });
});

describe('countCharacters', () => {
  it('counts UTF-16 code units: umlauts 1, emoji 2, combining marks 1 each', () => {
    expect(countCharacters('abc')).toBe(3);
    expect(countCharacters('Straße Ä')).toBe(8);
    expect(countCharacters('🏠')).toBe(2);
    expect(countCharacters('e\u0301')).toBe(2);
    expect(countCharacters('')).toBe(0);
  });
});
