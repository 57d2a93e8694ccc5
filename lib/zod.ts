/**
 * The one zod entry point of the extension. zod/mini keeps the popup small, and jitless mode
 * stops zod from probing `new Function`, which the extension's CSP forbids.
 */
import * as z from 'zod/mini';

z.config({ jitless: true });

export { z };
