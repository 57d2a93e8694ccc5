/**
 * What a built bundle is made of: its minified bytes attributed to the source modules through its
 * sourcemap. `npm run breakdown` builds the store bundle with hidden sourcemaps (the same code, no
 * `sourceMappingURL` comment) and prints the worker's top modules; `-- <file.js> [count]` reads
 * another built file whose `.map` lies beside it.
 */
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

const UNMAPPED = '(unmapped)';

interface Piece {
  source: string;
  text: string;
}

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** The Base64 VLQ numbers of one mapping segment. */
export function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`not a Base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return values;
}

/** The generated code cut where the owning source changes, in order; unmapped code is `(unmapped)`. */
export function piecesOf(code: string, map: SourceMap): Piece[] {
  const pieces: Piece[] = [];
  const add = (source: string, text: string) => {
    if (text !== '') pieces.push({ source, text });
  };
  const lines = code.split('\n');
  const mappingLines = map.mappings.split(';');
  let sourceIndex = 0;
  lines.forEach((line, lineIndex) => {
    let column = 0;
    let from = 0;
    let owner = UNMAPPED;
    for (const segment of (mappingLines[lineIndex] ?? '').split(',').filter(Boolean)) {
      const [columnDelta = 0, sourceDelta] = decodeSegment(segment);
      column += columnDelta;
      add(owner, line.slice(from, column));
      from = column;
      if (sourceDelta === undefined) owner = UNMAPPED;
      else {
        sourceIndex += sourceDelta;
        owner = map.sources[sourceIndex] ?? UNMAPPED;
      }
    }
    add(owner, line.slice(from) + (lineIndex < lines.length - 1 ? '\n' : ''));
  });
  return pieces;
}

/** A source as the project names it: `lib/api/client.ts`, or `zod/v4/core/schemas.js` for a package's file. */
export function moduleName(source: string, mapDir: string, root: string): string {
  const path = resolve(mapDir, source);
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+\/.*)$/.exec(path);
  return inPackage ? inPackage[1]! : relative(root, path).replaceAll('\\', '/');
}

/** The group a module counts under: its package, or its folder of the project (`lib/api`). */
function groupOf(name: string): string {
  const parts = name.split('/');
  if (name.startsWith('@')) return parts.slice(0, 2).join('/');
  if (parts[0] === 'lib' || parts[0] === 'components')
    return parts.slice(0, parts.length > 2 ? 2 : 1).join('/');
  return parts[0]!;
}

const gzipBytes = (text: string) => gzipSync(text, { level: 9 }).length;

interface Row {
  name: string;
  bytes: number;
  /** What gzip -9 of the whole file loses when this module's code is cut out of it. */
  gzip: number;
}

/** Per module (or group): minified bytes and gzip share, largest first. */
function rowsOf(pieces: Piece[], nameOf: (piece: Piece) => string, total: number): Row[] {
  const names = [...new Set(pieces.map(nameOf))];
  return names
    .map((name) => {
      const rest = pieces.filter((piece) => nameOf(piece) !== name);
      const bytes = pieces
        .filter((piece) => nameOf(piece) === name)
        .reduce((sum, p) => sum + Buffer.byteLength(p.text), 0);
      return { name, bytes, gzip: total - gzipBytes(rest.map((piece) => piece.text).join('')) };
    })
    .sort((a, b) => b.bytes - a.bytes);
}

function printRows(title: string, rows: Row[], total: number): void {
  console.log(`${title}\n   bytes       %  gzip Δ  module`);
  for (const { name, bytes, gzip } of rows)
    console.log(
      `${String(bytes).padStart(8)}  ${((bytes / total) * 100).toFixed(1).padStart(5)} %  ${String(gzip).padStart(6)}  ${name}`,
    );
  console.log('');
}

function main(): void {
  const [file = '.output/analysis/chrome-mv3/background.js', count = '15'] = process.argv.slice(2);
  const code = readFileSync(file, 'utf8');
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as SourceMap;
  const root = resolve(new URL('..', import.meta.url).pathname);
  const mapDir = dirname(resolve(file));
  const pieces = piecesOf(code, map).map((piece) => ({
    ...piece,
    source: piece.source === UNMAPPED ? UNMAPPED : moduleName(piece.source, mapDir, root),
  }));
  const bytes = Buffer.byteLength(code);
  const gzip = gzipBytes(code);
  console.log(`${file}: ${bytes} bytes minified, ${gzip} bytes (${(gzip / 1024).toFixed(1)} KB) gzip -9`);
  console.log("gzip Δ: how many gzip bytes the file loses without that module's code (shares overlap)\n");
  const modules = rowsOf(pieces, (piece) => piece.source, gzip).slice(0, Number(count));
  printRows(`top ${count} modules by minified bytes:`, modules, bytes);
  printRows(
    'by folder or package:',
    rowsOf(pieces, (piece) => groupOf(piece.source), gzip),
    bytes,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
