import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.js';

/** Numbered plain-SQL files, `NNNN_name.sql`, applied in order. */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');

/** Held while migrating, so that processes starting together on one PostgreSQL apply each file once. */
const MIGRATION_LOCK_KEY = 7_301_931_001;

export interface Migration {
  version: number;
  name: string;
  file: string;
}

export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: Number(file.slice(0, 4)),
      name: file.slice(5, -4),
      file: path.join(dir, file),
    }));
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`Migration numbers must run 1, 2, 3…: found ${path.basename(m.file)}.`);
  });
  return migrations;
}

async function appliedVersions(db: Kysely<DB>): Promise<Set<number>> {
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`.execute(db);
  const rows = await db.selectFrom('schema_migrations').select('version').execute();
  return new Set(rows.map((r) => r.version));
}

/**
 * Applies pending migrations (up to `to`, default all) inside the caller's transaction, under an
 * advisory lock, and records each. Returns the names applied.
 */
export async function applyMigrations(
  trx: Transaction<DB>,
  options: { to?: number } = {},
): Promise<string[]> {
  const all = listMigrations();
  const target = options.to ?? all.length;
  await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
  const done = await appliedVersions(trx);
  const applied: string[] = [];
  for (const migration of all) {
    if (migration.version > target || done.has(migration.version)) continue;
    await sql.raw(fs.readFileSync(migration.file, 'utf8')).execute(trx);
    await trx
      .insertInto('schema_migrations')
      .values({ version: migration.version, name: migration.name })
      .execute();
    applied.push(`${String(migration.version).padStart(4, '0')}_${migration.name}`);
  }
  return applied;
}

/** Applies every pending migration in one transaction. Works the same on PGlite and PostgreSQL. */
export function migrate(db: Kysely<DB>): Promise<string[]> {
  return db.transaction().execute((trx) => applyMigrations(trx));
}

export interface MigrationStatus {
  current: number;
  latest: number;
  pending: string[];
}

export async function migrationStatus(db: Kysely<DB>): Promise<MigrationStatus> {
  const all = listMigrations();
  const done = await appliedVersions(db);
  return {
    current: Math.max(0, ...done),
    latest: all.length,
    pending: all.filter((m) => !done.has(m.version)).map((m) => path.basename(m.file)),
  };
}
