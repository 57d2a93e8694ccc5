/**
 * Numbers in a JSON text that a JavaScript number cannot carry exactly: `1234567890123456789`
 * becomes `1234567890123456800`, `1e999` Infinity (serialized `null`), `1e-400` 0. Found in the
 * text itself (JSON.parse has already lost them), with their place in the document.
 */

export interface InexactNumber {
  /** Where in the document, e.g. `slots[1].data.id`. */
  path: string;
  /** As written. */
  literal: string;
  /** What it would become, serialized (`null` for an infinite one). */
  becomes: string;
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const STRING = /"(?:[^"\\]|\\.)*"/y;

/** A decimal literal as sign, significant digits and exponent, so equal values compare equal. */
function decimalValue(literal: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!match) return literal;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match;
  let digits = (whole + fraction).replace(/^0+/, '');
  if (digits === '') return '0';
  let power = Number(exponent) - fraction.length;
  const trailing = /0+$/.exec(digits)?.[0].length ?? 0;
  digits = digits.slice(0, digits.length - trailing);
  power += trailing;
  return `${sign}${digits}e${power}`;
}

/** Whether the number read from `literal` is the value written (its shortest form says so). */
function isExact(literal: string, value: number): boolean {
  return Number.isFinite(value) && decimalValue(literal) === decimalValue(String(value).replace('e+', 'e'));
}

type Frame = { kind: 'object'; key: string } | { kind: 'array'; index: number };

function pathOf(frames: readonly Frame[]): string {
  let path = '';
  for (const frame of frames) {
    if (frame.kind === 'array') path += `[${frame.index}]`;
    else path += path === '' ? frame.key : `.${frame.key}`;
  }
  return path;
}

/** Every inexact number of a text that JSON.parse accepted; one linear pass. */
export function inexactNumbers(text: string): InexactNumber[] {
  const found: InexactNumber[] = [];
  const frames: Frame[] = [];
  let expectKey = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (c === '"') {
      STRING.lastIndex = i;
      const token = STRING.exec(text)?.[0] ?? '""';
      const top = frames[frames.length - 1];
      if (expectKey && top?.kind === 'object') top.key = JSON.parse(token) as string;
      expectKey = false;
      i += token.length;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = i;
      const literal = NUMBER.exec(text)?.[0] ?? c;
      const value = Number(literal);
      if (!isExact(literal, value)) {
        found.push({ path: pathOf(frames), literal, becomes: JSON.stringify(value) });
      }
      i += literal.length;
    } else {
      if (c === '{') {
        frames.push({ kind: 'object', key: '' });
        expectKey = true;
      } else if (c === '[') frames.push({ kind: 'array', index: 0 });
      else if (c === '}' || c === ']') frames.pop();
      else if (c === ',') {
        const top = frames[frames.length - 1];
        if (top?.kind === 'array') top.index += 1;
        else expectKey = true;
      }
      i += 1;
    }
  }
  return found;
}
