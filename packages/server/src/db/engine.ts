import { Kysely, sql } from 'kysely';
import pg from 'pg';
import type { RunningEmbedded } from './embedded/embedded-postgres.js';
import { NamedStatementsDialect } from './named-statements.js';
import type { DB } from './schema.js';

/** `embedded`: the PostgreSQL the site runs itself under DATA_DIR; `postgres`: a server at DATABASE_URL. */
export type Engine = 'embedded' | 'postgres';

/** An open database: the query layer, which engine is under it, and how to close it. */
export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** How to open another connection to it (a LISTEN connection, tools). */
  connection: pg.ClientConfig;
  /** The embedded server, when this process started or joined one. */
  embedded: RunningEmbedded | null;
  /** Closes the pool, then stops the embedded server if this process started it. */
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Counts and sums come back from PostgreSQL as int8, which `pg` leaves as strings. Every int8 we store
 * (counters, hot scores, row numbers) fits in a JavaScript safe integer, so read them as numbers.
 */
export const pgTypes: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export function connectionOf(target: string | pg.ClientConfig): pg.ClientConfig {
  return typeof target === 'string' ? { connectionString: target } : target;
}

/** A pooled Kysely over PostgreSQL: a connection string, or settings (the embedded server's socket). */
export function openPostgres(target: string | pg.ClientConfig, poolSize = 10): Database {
  const connection = connectionOf(target);
  const pool = new pg.Pool({ ...connection, max: poolSize, types: pgTypes });
  // An idle connection that the server ends (a restart, a fast shutdown while the pool closes) is
  // dropped from the pool and replaced when next needed; without a listener it would crash the process.
  pool.on('error', () => {});
  // Every statement of the site is short, but a search's spans that never run are costed as if they
  // did, and above jit_above_cost PostgreSQL compiled the whole statement first: 111 ms of a 277 ms
  // one-word search at 1M posts (docs/performance.md). The embedded server has JIT off in its settings;
  // a server's connections turn it off here (a SET, which a transaction-pooling proxy also accepts,
  // where a startup option would be refused). Queries sent meanwhile queue behind it on the connection.
  pool.on('connect', (client) => {
    client.query('SET jit = off').catch(() => {
      // The connection failed: the query that needed it reports that.
    });
  });
  const db = new Kysely<DB>({ dialect: new NamedStatementsDialect(pool) });
  return {
    db,
    engine: 'postgres',
    connection,
    embedded: null,
    async close() {
      await db.destroy();
    },
  };
}

/** Resolves when the database answers a trivial query (the health check); throws when it cannot. */
export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
