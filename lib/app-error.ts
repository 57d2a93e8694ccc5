/**
 * Everything that can go wrong behind a message, as one schema: an API failure or one of the
 * worker's own. Its own module so that lib/ reaches it without going through the protocol.
 */
import { ApiError } from './api/errors';
import { z } from './zod';

export const AppError = z.union([
  ApiError,
  z.object({ kind: z.literal('notConfigured'), missing: z.array(z.enum(['baseUrl', 'token', 'secret'])) }),
  z.object({ kind: z.literal('permissionMissing'), origin: z.string() }),
  z.object({ kind: z.literal('badMessage'), message: z.string() }),
  z.object({ kind: z.literal('internal'), message: z.string() }),
  /** The page was opened for another profile than the active one: it reloads for the active one. */
  z.object({ kind: z.literal('profileChanged') }),
]);
export type AppError = z.infer<typeof AppError>;
