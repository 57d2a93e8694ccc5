/** The E2E suite fails loudly, with instructions, when it cannot run: it never passes empty. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_DIR, NO_CHROMIUM_HELP, findChromium } from './browser';

export default function setup(): void {
  if (!findChromium()) throw new Error(NO_CHROMIUM_HELP);
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`No extension build at ${EXTENSION_DIR}. Run: npm run build:test`);
  }
}
