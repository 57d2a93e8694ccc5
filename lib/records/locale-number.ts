/**
 * A number as a spreadsheet's plain text shows it in the user's language: `12.500,50`, `38.000,00 €`
 * with a decimal comma, `12,500.50` with a decimal point. Read as the JSON number it says, digits
 * kept exactly (no float on the way), trailing zeros of the fraction dropped: `12.500,50` → 12500.5.
 */
export type DecimalMark = ',' | '.';

const DECORATION = /[\s\u00a0\u202f€$£]/g;
const PATTERN: Record<DecimalMark, RegExp> = {
  ',': /^([-+]?)(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d+))?$/,
  '.': /^([-+]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/,
};

/** The JSON number `text` says with `mark` as its decimal mark, or null when it says none. */
export function readLocaleNumber(text: string, mark: DecimalMark): string | null {
  const bare = text.replace(DECORATION, '').replace('\u2212', '-');
  const match = PATTERN[mark].exec(bare);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = ''] = match;
  const digits = whole.replace(/[.,]/g, '').replace(/^0+(?=\d)/, '');
  const kept = fraction.replace(/0+$/, '');
  return `${sign === '-' ? '-' : ''}${digits}${kept ? `.${kept}` : ''}`;
}

/** The decimal mark of a language (`de` → `,`, `en` → `.`), as its numbers are written. */
export function decimalMarkOf(language: string): DecimalMark {
  try {
    const part = new Intl.NumberFormat(language).formatToParts(1.5).find((p) => p.type === 'decimal');
    return part?.value === ',' ? ',' : '.';
  } catch {
    return '.';
  }
}

/**
 * A JSON number as a reader of the language reads it: its decimal mark, and its integer part grouped
 * in threes from five digits on (as DIN 5008 and English style guides do: 2026 stays, 12.500 is
 * grouped), digits exactly as written. A number with an exponent is shown as written.
 */
export function formatLocaleNumber(raw: string, mark: DecimalMark): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(raw);
  if (!match) return raw;
  const [, sign = '', whole = '', fraction] = match;
  const group = mark === ',' ? '.' : ',';
  const grouped = whole.length >= 5 ? whole.replace(/\B(?=(\d{3})+$)/g, group) : whole;
  return `${sign}${grouped}${fraction === undefined ? '' : `${mark}${fraction}`}`;
}
