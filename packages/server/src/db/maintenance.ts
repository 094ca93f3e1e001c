import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

/** A table is due when it has grown by this share of its pages since it was last analyzed… */
const GROWTH_SHARE = 0.1;
/** …and by at least this many pages (small tables change a lot in relative terms and plan the same). */
const GROWTH_MIN_PAGES = 8;

interface TableSize {
  name: string;
  /** Rows at the last ANALYZE or VACUUM; -1 when never analyzed. */
  analyzedRows: number;
  /** Pages at the last ANALYZE or VACUUM. */
  analyzedPages: number;
  /** Pages now. */
  pages: number;
}

export function isDue(table: TableSize): boolean {
  if (table.analyzedRows < 0) return table.pages > 0;
  const grown = table.pages - table.analyzedPages;
  return grown >= GROWTH_MIN_PAGES && grown >= table.analyzedPages * GROWTH_SHARE;
}

/**
 * What autovacuum does for PostgreSQL, for the embedded engine, which has none: each table that was
 * never analyzed or has grown by a tenth since is vacuumed and analyzed, one at a time, so that the
 * planner knows, for instance, that a post with 10,000 comments is best read through its top index,
 * and space left by updated counters is reused instead of growing the file. Growth is read from the
 * file sizes (cheap), because the embedded engine does not keep the row-change statistics autovacuum
 * reads. VACUUM cannot run in a transaction: call it with the database, not a transaction.
 */
export async function maintainTables(db: Kysely<DB>): Promise<string[]> {
  const { rows } = await sql<TableSize>`
    SELECT c.relname AS name,
           c.reltuples::float8 AS "analyzedRows",
           c.relpages AS "analyzedPages",
           (pg_relation_size(c.oid) / current_setting('block_size')::int)::int AS pages
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
    ORDER BY c.relname`.execute(db);
  const done: string[] = [];
  for (const table of rows.filter(isDue)) {
    await sql`VACUUM (ANALYZE) ${sql.table(table.name)}`.execute(db);
    done.push(table.name);
  }
  return done;
}
