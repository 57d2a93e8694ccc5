/** The naming rule; the fake browser's i18n shows the message key and its substitution. */
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { buildingName, factoryName, readableHash, shortId } from '../../lib/names';

beforeAll(() => {
  fakeBrowser.i18n.getMessage = ((name: string, substitution?: string) =>
    `${name}(${substitution ?? ''})`) as typeof fakeBrowser.i18n.getMessage;
});

describe('readableHash', () => {
  it.each([
    ['PillboxHill_Flat_15', 'Pillbox Hill Flat 15'],
    ['SandyShores_House_4', 'Sandy Shores House 4'],
    ['Vinewood_Villa_3', 'Vinewood Villa 3'],
    ['haus-muellerstrasse', 'haus muellerstrasse'],
    ['Block7', 'Block 7'],
    ['  __ ', ''],
  ])('%s → "%s"', (hash, readable) => {
    expect(readableHash(hash)).toBe(readable);
  });
});

describe('buildingName', () => {
  const id = '65a1b2c3d4e5f600000003e9';

  it('the label first, then a name', () => {
    expect(buildingName({ id, hash: 'PillboxHill_Flat_15', label: 'Haus Müllerstraße' })).toBe(
      'Haus Müllerstraße',
    );
    expect(buildingName({ id, name: 'Königshof' })).toBe('Königshof');
  });

  it('without a label, the hash made readable', () => {
    expect(buildingName({ id, hash: 'PillboxHill_Flat_15' })).toBe('Pillbox Hill Flat 15');
    expect(buildingName({ id, hash: 'PillboxHill_Flat_15', label: '  ' })).toBe('Pillbox Hill Flat 15');
  });

  it('never a bare 24-hex id: with nothing else, the fallback with the id shortened', () => {
    const name = buildingName({ id });
    expect(name).not.toContain(id);
    expect(name).toBe('building_fallback(…0003e9)');
    expect(buildingName({ id: 'b-1001' })).toBe('building_fallback(b-1001)');
  });
});

describe('factoryName', () => {
  it('the name given, else the fallback with the shortened id', () => {
    expect(factoryName({ id: '65f0e1d2c3b4a500000001f5', name: 'Bäckerei Groß' })).toBe('Bäckerei Groß');
    expect(factoryName({ id: '65f0e1d2c3b4a500000001f5', name: '' })).toBe('slots_factory_fallback(…0001f5)');
    expect(factoryName({ id: 'f-501' })).toBe('slots_factory_fallback(f-501)');
  });

  it('shortId keeps ids that are not 24 hex', () => {
    expect(shortId('f-501')).toBe('f-501');
    expect(shortId('65F0E1D2C3B4A500000001F5')).toBe('…0001F5');
  });
});
