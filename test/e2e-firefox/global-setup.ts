/** The Firefox suite fails loudly, with instructions, when it cannot run: it never passes empty. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { EXTENSION_DIR, NO_FIREFOX_HELP, findFirefox } from './firefox';

export default function setup(): void {
  if (!findFirefox()) throw new Error(NO_FIREFOX_HELP);
  if (!existsSync(join(EXTENSION_DIR, 'manifest.json'))) {
    throw new Error(`No Firefox build at ${EXTENSION_DIR}. Run: npm run build:firefox`);
  }
}
