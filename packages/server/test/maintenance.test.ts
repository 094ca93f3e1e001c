import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { isDue, maintainTables } from '../src/db/maintenance.js';
import { siteJobs } from '../src/jobs/jobs.js';
import { openTestDatabase } from './harness.js';
import type { Database } from '../src/db/engine.js';

describe('isDue', () => {
  it('takes tables never analyzed that hold anything, and those grown by a tenth and 8 pages', () => {
    expect(isDue({ name: 't', analyzedRows: -1, analyzedPages: 0, pages: 0 })).toBe(false);
    expect(isDue({ name: 't', analyzedRows: -1, analyzedPages: 0, pages: 1 })).toBe(true);
    expect(isDue({ name: 't', analyzedRows: 10, analyzedPages: 1, pages: 8 })).toBe(false);
    expect(isDue({ name: 't', analyzedRows: 10, analyzedPages: 1, pages: 9 })).toBe(true);
    expect(isDue({ name: 't', analyzedRows: 9e5, analyzedPages: 1000, pages: 1099 })).toBe(false);
    expect(isDue({ name: 't', analyzedRows: 9e5, analyzedPages: 1000, pages: 1100 })).toBe(true);
  });
});

describe('embedded table upkeep', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const plannerRows = async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT reltuples::int AS n FROM pg_class WHERE relname = 'upkeep_probe'`.execute(database.db);
    return rows[0]!.n;
  };
  const fill = (from: number, to: number) =>
    sql`INSERT INTO upkeep_probe SELECT g, repeat('x', 200) FROM generate_series(${from}::int, ${to}::int) g`.execute(
      database.db,
    );

  it('analyzes a table never analyzed, then again only once it has grown', async () => {
    await sql`CREATE TABLE upkeep_probe (id int PRIMARY KEY, filler text)`.execute(database.db);
    await fill(1, 2000);
    expect(await plannerRows()).toBe(-1);

    expect(await maintainTables(database.db)).toContain('upkeep_probe');
    expect(await plannerRows()).toBe(2000);
    expect(await maintainTables(database.db)).not.toContain('upkeep_probe');

    await fill(2001, 2100); // under a tenth more
    expect(await maintainTables(database.db)).not.toContain('upkeep_probe');
    await fill(2101, 4000);
    expect(await maintainTables(database.db)).toContain('upkeep_probe');
    expect(await plannerRows()).toBe(4000);
  });

  it('runs as a job of the embedded engine only, outside any transaction', () => {
    const config = loadConfig({ CAPTCHA: 'off' });
    const job = siteJobs(config, 'pglite').find((j) => j.name === 'maintain-embedded-tables');
    expect(job && 'runAlone' in job).toBe(true);
    expect(job?.everyMs).toBe(10 * 60 * 1000);
    expect(siteJobs(config, 'postgres').some((j) => j.name === 'maintain-embedded-tables')).toBe(false);
  });
});
