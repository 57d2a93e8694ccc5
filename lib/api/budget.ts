/**
 * A key's request budget: `limit` requests per `windowMs`, and where it came from. The one
 * declaration of the concept: the scheduler paces to it, the worker's estimates and the pages'
 * texts read it (pages import its type only, so no zod in their first bytes).
 */
import { z } from '../zod';

export const Budget = z.object({
  limit: z.int().check(z.positive()),
  windowMs: z.int().check(z.positive()),
  /** override: the profile's "Requests per minute"; headers: announced; learned: from 429s; assumed: none known. */
  source: z.enum(['override', 'headers', 'learned', 'assumed']),
  /** When it was learned or announced last (epoch ms). */
  learnedAt: z.optional(z.number()),
  /** A learned budget paced below what the server once admitted, after a 429 below it: the key is shared. */
  shared: z.optional(z.boolean()),
  /** The most requests of one window the server admitted from this extension (a learned budget). */
  peak: z.optional(z.int()),
});
export type Budget = z.infer<typeof Budget>;
