import { sql, type Kysely, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/schema.js';

export type Job = {
  name: string;
  everyMs: number;
} & (
  | {
      /** Runs inside a transaction that holds the job's advisory lock. */
      run(trx: Transaction<DB>): Promise<unknown>;
    }
  | {
      /**
       * Runs on the database without a transaction or lock, for statements that cannot run inside a
       * transaction (VACUUM). Only for the embedded engine, where one process owns the database.
       */
      runAlone(db: Kysely<DB>): Promise<unknown>;
    }
);

/**
 * Runs each job once at start and then every period. With several processes on one PostgreSQL, a
 * transaction-scoped advisory lock lets exactly one of them run a given job at a time.
 */
export function startJobs(db: Kysely<DB>, jobs: Job[], log: FastifyBaseLogger): { stop(): Promise<void> } {
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  const runOnce = (job: Job) => {
    if (stopped) return;
    const work = (
      'runAlone' in job
        ? job.runAlone(db).then((result) => log.debug({ job: job.name, result }, 'job done'))
        : db.transaction().execute(async (trx) => {
            const { rows } = await sql<{ locked: boolean }>`
              SELECT pg_try_advisory_xact_lock(hashtext(${`commons-job:${job.name}`})) AS locked`.execute(
              trx,
            );
            if (!rows[0]?.locked) return;
            const result = await job.run(trx);
            log.debug({ job: job.name, result }, 'job done');
          })
    )
      .catch((error: unknown) => log.error({ err: error, job: job.name }, 'job failed'))
      .finally(() => running.delete(work));
    running.add(work);
  };

  const timers = jobs.map((job) => {
    runOnce(job);
    const timer = setInterval(() => runOnce(job), job.everyMs);
    timer.unref();
    return timer;
  });

  return {
    async stop() {
      stopped = true;
      timers.forEach(clearInterval);
      await Promise.all([...running]);
    },
  };
}
