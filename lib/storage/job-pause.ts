/** A job paused by the server's wait past the scheduler's cap, as every kind of job stores it. */
import { z } from '../zod';

/** The wait the server asked, and when it is over (epoch ms). */
export const JobPause = z.object({ waitMs: z.number(), resumeAt: z.number() });
export type JobPause = z.infer<typeof JobPause>;
