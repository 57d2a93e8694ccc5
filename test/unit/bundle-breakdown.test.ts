import { describe, expect, it } from 'vitest';
import { decodeSegment, moduleName, piecesOf } from '../../scripts/bundle-breakdown';

describe('the bundle breakdown', () => {
  it('decodes Base64 VLQ segments, negative and multi-digit numbers included', () => {
    expect(decodeSegment('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeSegment('CACD')).toEqual([1, 0, 1, -1]);
    // 16 needs a continuation digit: 32 = g (continue, 0), then B (1 << 5 = 32 → 16).
    expect(decodeSegment('gB')).toEqual([16]);
    expect(() => decodeSegment('A*')).toThrow(/not a Base64 VLQ digit/);
  });

  it('gives each generated character to the source its segment names, across lines', () => {
    // Line 1: columns 0-3 from a.ts, 4-end from b.ts; line 2: column 0 from a.ts, column 2 unmapped.
    const code = 'aaaabbb\nccdd';
    const map = { sources: ['a.ts', 'b.ts'], mappings: 'AAAA,ICAA;ADAA,E' };
    const pieces = piecesOf(code, map);
    expect(pieces).toEqual([
      { source: 'a.ts', text: 'aaaa' },
      { source: 'b.ts', text: 'bbb\n' },
      { source: 'a.ts', text: 'cc' },
      { source: '(unmapped)', text: 'dd' },
    ]);
    expect(pieces.map((piece) => piece.text).join('')).toBe(code);
  });

  it('names project files by their path and package files from the package on', () => {
    expect(moduleName('../../lib/api/client.ts', '/repo/.output/chrome-mv3', '/repo')).toBe(
      'lib/api/client.ts',
    );
    expect(moduleName('../../node_modules/zod/v4/core/util.js', '/repo/.output/x', '/repo')).toBe(
      'zod/v4/core/util.js',
    );
  });
});
