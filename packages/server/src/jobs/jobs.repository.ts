import { sql, type Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * Claims a periodic job for `runner` if it never ran or last started at least `periodMs` ago, by the
 * database's clock (so the processes' own clocks do not matter). One upsert: of any number of
 * processes claiming at once, exactly one gets the row, and the others find it claimed. The row stays
 * locked until the caller's transaction ends; a rollback gives the claim back.
 */
export async function claimJob(
  trx: Transaction<DB>,
  name: string,
  periodMs: number,
  runner: string,
): Promise<boolean> {
  const claimed = await trx
    .insertInto('job_runs')
    .values({ name, last_started_at: sql<Date>`now()`, runs: 1, ran_by: runner })
    .onConflict((oc) =>
      oc
        .column('name')
        .doUpdateSet({
          last_started_at: sql<Date>`now()`,
          runs: sql<number>`job_runs.runs + 1`,
          ran_by: runner,
        })
        .where(
          'job_runs.last_started_at',
          '<=',
          sql<Date>`now() - ${periodMs}::float8 * interval '1 millisecond'`,
        ),
    )
    .returning('runs')
    .executeTakeFirst();
  return claimed !== undefined;
}

/**
 * Takes the job's lock until the transaction ends, without waiting: false when another process holds
 * it (it is running the job).
 */
export async function tryLockJob(trx: Transaction<DB>, name: string): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`
    SELECT pg_try_advisory_xact_lock(hashtext(${`commons-job:${name}`})) AS locked`.execute(trx);
  return rows[0]?.locked ?? false;
}
