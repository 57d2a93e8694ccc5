import { describe, expect, it } from 'vitest';
import { type MessageKey, t } from '../../lib/i18n';
import de from '../../public/_locales/de/messages.json';
import en from '../../public/_locales/en/messages.json';

type Catalogue = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;
const english: Catalogue = en;
const german: Catalogue = de;

const placeholdersOf = (message: string) =>
  [...message.matchAll(/\$([A-Za-z0-9_@]+)\$/g)].map((m) => m[1]).sort();

describe('i18n', () => {
  it('German has exactly the English keys', () => {
    expect(Object.keys(german).sort()).toEqual(Object.keys(english).sort());
  });

  it('every message uses the same placeholders in both languages, each one declared', () => {
    for (const [key, entry] of Object.entries(english)) {
      const other = german[key];
      expect(other, key).toBeDefined();
      expect(placeholdersOf(other?.message ?? ''), key).toEqual(placeholdersOf(entry.message));
      for (const name of placeholdersOf(entry.message)) {
        expect(entry.placeholders?.[String(name).toLowerCase()], `${key}: ${name}`).toBeDefined();
        expect(other?.placeholders?.[String(name).toLowerCase()], `${key}: ${name}`).toBeDefined();
      }
    }
  });

  it('German is translated, not copied', () => {
    const same = Object.keys(english).filter((key) => english[key]?.message === german[key]?.message);
    expect(same.sort()).toEqual(
      [
        // The editor's "Slots" tab and its job bar's "Import" are German words too.
        'editor_tab_slots',
        'error_invalidInput_detail',
        'error_validation_detail',
        'jobbar_import',
        'extName',
        'popup_title',
        // "Portfolio" is German too; the row problem is only its two placeholders.
        'portfolio_csv_filename',
        'portfolio_problem',
        // The records table: JSON's own words, and a cell's label made of its column and type only.
        'records_cellInput',
        'records_kind_null',
        'records_type_json',
        'records_type_null',
        'report_premium',
        'tab_portfolio',
        // The dashboard's "Slots" tab: one word for the slots in every view (was "Datenslots").
        'tab_slots',
      ].sort(),
    );
  });

  it('message names are valid Chrome message names', () => {
    for (const key of Object.keys(english)) expect(key).toMatch(/^[A-Za-z0-9_@]+$/);
  });

  it('t() fills placeholders and falls back to the key', () => {
    expect(t('building_fallback', '42')).toBe('Building 42');
    expect(t('error_validation_detail', ['400', 'bad'])).toBe('Status 400: bad');
    expect(t('no_such_message' as MessageKey)).toBe('no_such_message');
  });
});
