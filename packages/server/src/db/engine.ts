import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DurableNodeFS } from './durable-node-fs.js';
import type { DB } from './schema.js';

export type Engine = 'pglite' | 'postgres';

/** An open database: the query layer, which engine is under it, and how to close it. */
export interface Database {
  db: Kysely<DB>;
  engine: Engine;
  /** Only for the embedded engine: the PGlite instance (snapshots, tests). */
  pglite: PGlite | null;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/**
 * Counts and sums come back from PostgreSQL as int8, which `pg` leaves as strings. Every int8 we store
 * (counters, hot scores, row numbers) fits in a JavaScript safe integer, so read them as numbers.
 */
const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID || oid === NUMERIC_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  }) as pg.CustomTypesConfig['getTypeParser'],
};

export interface EmbeddedOptions {
  /** A directory, or null for an in-memory database (tests). */
  dataDir: string | null;
  /** Real fsync on commit; see DurableNodeFS. */
  fsync: boolean;
  /** Start from a snapshot made with `pglite.dumpDataDir()` (tests clone a migrated template). */
  loadDataDir?: Blob;
}

export async function openEmbedded(options: EmbeddedOptions): Promise<Database> {
  const startParams = options.fsync
    ? [...PGlite.defaultStartParams.filter((p) => p !== '-F'), '-c', 'wal_sync_method=fsync']
    : PGlite.defaultStartParams;
  const storage =
    options.dataDir === null
      ? {}
      : options.fsync
        ? { fs: new DurableNodeFS(options.dataDir) }
        : { dataDir: options.dataDir };
  const pglite = await PGlite.create({
    ...storage,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams,
  });
  // PGlite is one database session: a pool of exactly one connection keeps transactions from interleaving.
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, types });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'pglite',
    pglite,
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

export async function openPostgres(connectionString: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: poolSize, types });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    pglite: null,
    async close() {
      await db.destroy();
    },
  };
}
