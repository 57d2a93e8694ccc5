/** Every kind of background job the worker runs: what start-up, sign-out and the badge loop over. */
import type { WorkerDeps } from '../connection';
import { backupJobs } from './backup-run';
import { type AnyJobKind, resumeKinds, stopKinds } from './launcher';
import { writeJobs } from './runner';

export const JOB_KINDS: readonly AnyJobKind[] = [writeJobs, backupJobs];

/** Resumes every job of every kind still marked running (the worker was stopped). */
export const resumeJobs = (deps: WorkerDeps) => resumeKinds(deps, JOB_KINDS);

/** Sign-out, or another account behind the profile: its jobs of every kind stop and store nothing more. */
export const stopProfileJobs = (deps: WorkerDeps, profileId: string) => stopKinds(deps, JOB_KINDS, profileId);
