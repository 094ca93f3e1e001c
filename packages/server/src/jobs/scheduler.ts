import os from 'node:os';
import type { Kysely, Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.js';
import { claimJob, tryLockJob } from './jobs.repository.js';

export interface Job {
  name: string;
  /** The period: the job runs at most once in it, across every process on the database. */
  everyMs: number;
  /** Runs inside the transaction that claimed the job; if it fails, the claim is rolled back too. */
  run(trx: Transaction<DB>): Promise<unknown>;
}

/**
 * How often each process looks for due jobs. When the process that ran a job last goes away, another
 * one runs it at most this long after it fell due, instead of a whole period later.
 */
export const CHECK_EVERY_MS = 60_000;

/** This process as `job_runs.ran_by` names it. */
export const THIS_PROCESS = `${os.hostname()}:${process.pid}`;

/**
 * Runs the job if it is due (it never ran, or last started a period ago) and this call claims it.
 * Returns what the job returned, or null when it was not run.
 */
export async function runIfDue(
  db: Kysely<DB>,
  job: Job,
  runner = THIS_PROCESS,
): Promise<{ result: unknown } | null> {
  return db.transaction().execute(async (trx) => {
    // Another process running the job holds this lock: skip at once instead of waiting for its commit
    // behind the claimed row, only to find the job no longer due.
    if (!(await tryLockJob(trx, job.name))) return null;
    if (!(await claimJob(trx, job.name, job.everyMs, runner))) return null;
    return { result: await job.run(trx) };
  });
}

/**
 * Checks every job at start and then every `min(period, checkEveryMs)`, running those that are due.
 * The claim in `job_runs` is shared by every process on the database and survives restarts, so a job
 * runs once per period in all, however many processes start, stop or run out of phase.
 */
export function startJobs(
  db: Kysely<DB>,
  jobs: Job[],
  log: FastifyBaseLogger,
  options: { runner?: string; checkEveryMs?: number } = {},
): { stop(): Promise<void> } {
  const runner = options.runner ?? THIS_PROCESS;
  const checkEveryMs = options.checkEveryMs ?? CHECK_EVERY_MS;
  const checking = new Map<string, Promise<void>>();
  let stopped = false;

  const check = (job: Job) => {
    // A job still running here from the last check is not checked again meanwhile.
    if (stopped || checking.has(job.name)) return;
    const work = runIfDue(db, job, runner)
      .then((done) => {
        if (done) log.debug({ job: job.name, result: done.result }, 'job done');
      })
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => checking.delete(job.name));
    checking.set(job.name, work);
  };

  const timers = jobs.map((job) => {
    check(job);
    const timer = setInterval(() => check(job), Math.min(job.everyMs, checkEveryMs));
    timer.unref();
    return timer;
  });

  return {
    async stop() {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.all([...checking.values()]);
    },
  };
}
