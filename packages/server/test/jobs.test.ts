import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIfDue, startJobs, type Job } from '../src/jobs/scheduler.js';
import { uniqueName } from './factories.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * Periodic jobs run once per period across every process on the database (DOMAIN §14): a process runs
 * a job only after claiming its `job_runs` row. Each "process" here is a runner name on one database.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const HOUR = 3600 * 1000;
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A job that notes each run: who ran it, and the database's clock at its claim. */
function countingJob(everyMs: number, work: () => Promise<void> = async () => {}) {
  const runs: Array<{ at: Date }> = [];
  const job: Job = {
    name: uniqueName('job'),
    everyMs,
    async run(trx) {
      const { rows } = await sql<{ at: Date }>`SELECT now() AS at`.execute(trx);
      await work();
      runs.push({ at: rows[0]!.at });
      return runs.length;
    },
  };
  return { job, runs };
}

const jobRow = (name: string) =>
  t.db.selectFrom('job_runs').selectAll().where('name', '=', name).executeTakeFirst();

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`not within ${timeoutMs} ms`);
    await pause(20);
  }
}

describe('claiming a periodic job', () => {
  it('lets exactly one of several processes claiming at once run it, once per period', async () => {
    // The run takes a while, so the claims really overlap it on PostgreSQL.
    const { job, runs } = countingJob(HOUR, () => pause(100));
    const runners = ['host-a:101', 'host-b:202', 'host-c:303', 'host-d:404'];
    const claimAll = () => Promise.all(runners.map((runner) => runIfDue(t.db, job, runner)));

    const first = await claimAll();
    expect(first.filter((r) => r !== null)).toEqual([{ result: 1 }]);
    const winner = runners[first.findIndex((r) => r !== null)];
    expect(runs).toHaveLength(1);
    expect(await jobRow(job.name)).toMatchObject({ runs: 1, ran_by: winner });

    // Within the period nobody runs it, the winner included.
    expect(await claimAll()).toEqual([null, null, null, null]);
    expect(runs).toHaveLength(1);

    // A period later it is due again, for exactly one of them.
    await t.db
      .updateTable('job_runs')
      .set({ last_started_at: sql<Date>`last_started_at - interval '1 hour'` })
      .where('name', '=', job.name)
      .execute();
    expect((await claimAll()).filter((r) => r !== null)).toHaveLength(1);
    expect(runs).toHaveLength(2);
    expect(await jobRow(job.name)).toMatchObject({ runs: 2 });
    // A minute short of a period is not a period.
    await t.db
      .updateTable('job_runs')
      .set({ last_started_at: sql<Date>`now() - interval '59 minutes'` })
      .where('name', '=', job.name)
      .execute();
    expect(await claimAll()).toEqual([null, null, null, null]);
  });

  it('gives the claim back when the run fails, so the next check runs it', async () => {
    let fail = true;
    const { job, runs } = countingJob(HOUR, async () => {
      if (fail) throw new Error('disk full');
    });
    await expect(runIfDue(t.db, job, 'host-a:1')).rejects.toThrow('disk full');
    expect(await jobRow(job.name)).toBeUndefined();
    fail = false;
    expect(await runIfDue(t.db, job, 'host-b:2')).toEqual({ result: 1 });
    expect(runs).toHaveLength(1);
    expect(await jobRow(job.name)).toMatchObject({ runs: 1, ran_by: 'host-b:2' });
  });
});

describe('the scheduler', () => {
  it('runs a job once per period across two processes, and soon after it falls due when its last runner stops', async () => {
    const period = 3000;
    const { job, runs } = countingJob(period);
    const a = startJobs(t.db, [job], t.app.log, { runner: 'host-a:1', checkEveryMs: 100 });
    // The run is recorded in the job's own transaction: wait for its commit, not for the call.
    await waitFor(async () => (await jobRow(job.name))?.runs === 1, 5000);
    expect(runs).toHaveLength(1);
    expect((await jobRow(job.name))?.ran_by).toBe('host-a:1');

    // B starts out of phase with A, finds the job not due, and is alone once A stops.
    await pause(period / 2);
    const b = startJobs(t.db, [job], t.app.log, { runner: 'host-b:2', checkEveryMs: 100 });
    await pause(200);
    expect(runs).toHaveLength(1);
    await a.stop();
    await waitFor(async () => runs.length === 2, 5000);
    await b.stop();

    const row = await jobRow(job.name);
    expect(row).toMatchObject({ runs: 2, ran_by: 'host-b:2' });
    const gap = runs[1]!.at.getTime() - runs[0]!.at.getTime();
    // Never before the period is over; and soon after, not half a period late (as it would be if B ran
    // its jobs a period after its own start). The margin is wide for a loaded machine.
    expect(gap).toBeGreaterThanOrEqual(period);
    expect(gap).toBeLessThan(period + period / 2 - 300);
  });

  it('waits for a run in progress when stopped', async () => {
    let finished = false;
    const { job } = countingJob(HOUR, async () => {
      await pause(300);
      finished = true;
    });
    const scheduler = startJobs(t.db, [job], t.app.log, { runner: 'host-a:1' });
    await pause(50);
    await scheduler.stop();
    expect(finished).toBe(true);
    expect(await jobRow(job.name)).toMatchObject({ runs: 1 });
  });
});
