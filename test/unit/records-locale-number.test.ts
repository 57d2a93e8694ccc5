/** Numbers as a German or English reader writes them: read from a spreadsheet's text, shown in the grid. */
import { describe, expect, it } from 'vitest';
import { decimalMarkOf, formatLocaleNumber, readLocaleNumber } from '../../lib/records/locale-number';

describe('numbers in the interface’s language', () => {
  it('reads 12.500,50 and 38.000,00 € with a decimal comma, 12,500.50 with a point, digits exactly', () => {
    expect(readLocaleNumber('12.500,50', ',')).toBe('12500.5');
    expect(readLocaleNumber('38.000,00 €', ',')).toBe('38000');
    expect(readLocaleNumber('−1.234.567.890.123.456.789,10', ',')).toBe('-1234567890123456789.1');
    expect(readLocaleNumber('12,500.50', '.')).toBe('12500.5');
    expect(readLocaleNumber('0,5', ',')).toBe('0.5');
    expect(readLocaleNumber('12.50', ',')).toBeNull();
    expect(readLocaleNumber('zwölf', ',')).toBeNull();
  });

  it('shows a number grouped from five digits on, with the language’s marks, as written', () => {
    expect(formatLocaleNumber('80000.50', ',')).toBe('80.000,50');
    expect(formatLocaleNumber('2026', ',')).toBe('2026');
    expect(formatLocaleNumber('-9007199254740993', ',')).toBe('-9.007.199.254.740.993');
    expect(formatLocaleNumber('12500.5', '.')).toBe('12,500.5');
    expect(formatLocaleNumber('1e21', ',')).toBe('1e21');
  });

  it('knows the decimal mark of German and English', () => {
    expect(decimalMarkOf('de')).toBe(',');
    expect(decimalMarkOf('de-AT')).toBe(',');
    expect(decimalMarkOf('en-US')).toBe('.');
  });
});
