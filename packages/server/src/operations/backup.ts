import { once } from 'node:events';
import fs from 'node:fs';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { sql, type Kysely, type Transaction } from 'kysely';
import { applyMigrations, migrationStatus } from '../db/migrate.js';
import type { DB } from '../db/schema.js';

/**
 * Logical backups: gzipped JSON lines, the same for the embedded database and a PostgreSQL server, so a
 * backup of one restores into the other (the way a growing site moves) and back, and across versions.
 *
 *   {"format":"commons-backup","version":1,"schemaVersion":N,...}   header
 *   {"t":"users","r":{…row…}}                                        one line per row, parents first
 *   {"sequence":"…","value":N}                                       sequence positions
 *   {"end":true,"rows":N}                                            proves the file is complete
 *
 * A backup is one consistent snapshot (a repeatable-read transaction). A restore replaces everything
 * in one transaction: schema rebuilt at the backup's version, rows loaded, then newer migrations run.
 */
const FORMAT = 'commons-backup';
/** Notified when a restore commits: running servers reload what they keep in memory (the secret's keys). */
export const RESTORED_CHANNEL = 'commons_restored';
const FORMAT_VERSION = 1;
const BATCH = 1000;
/**
 * Tables whose rows mean nothing after a restore. `job_runs` says when this deployment's processes
 * last ran their upkeep; left out, every job is due on the restored site and runs once at the next
 * check, which suits data that may hold what the old site had not yet cleaned up.
 */
const SKIPPED_TABLES = new Set(['schema_migrations', 'used_captchas', 'job_runs']);

interface Header {
  format: string;
  version: number;
  schemaVersion: number;
  createdAt: string;
  engine: string;
}

type Db = Kysely<DB> | Transaction<DB>;

/** Tables of the current schema, every table after the tables it references. */
async function tablesInDependencyOrder(db: Db): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY c.oid`.execute(db);
  const edges = await sql<{ child: string; parent: string }>`
    SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
    JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = ch.relnamespace
    WHERE k.contype = 'f' AND n.nspname = current_schema()`.execute(db);
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of edges.rows) {
    if (child !== parent) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    ordered.push(name);
  };
  for (const { name } of tables.rows) visit(name, new Set());
  return ordered.filter((name) => !SKIPPED_TABLES.has(name));
}

async function primaryKey(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    SELECT a.attname AS column FROM pg_index i
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
    WHERE i.indrelid = ${table}::regclass AND i.indisprimary
    ORDER BY array_position(i.indkey::int2[], a.attnum)`.execute(db);
  if (rows.length === 0)
    throw new Error(`Table ${table} has no primary key; it cannot be backed up in order.`);
  return rows.map((r) => r.column);
}

async function writableColumns(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    SELECT column_name AS column FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'
    ORDER BY ordinal_position`.execute(db);
  return rows.map((r) => r.column);
}

const columnList = (columns: string[]) => sql.join(columns.map((c) => sql.ref(c)));

export interface BackupSummary {
  tables: number;
  rows: number;
  schemaVersion: number;
}

/** Writes a backup of everything to `file` (created with owner-only permissions). */
export async function writeBackup(db: Kysely<DB>, file: string, engine: string): Promise<BackupSummary> {
  const out = zlib.createGzip();
  const target = fs.createWriteStream(file, { mode: 0o600 });
  out.pipe(target);
  const write = async (line: string) => {
    if (!out.write(line + '\n')) await once(out, 'drain');
  };
  try {
    const summary = await db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        const { current } = await migrationStatus(trx);
        const header: Header = {
          format: FORMAT,
          version: FORMAT_VERSION,
          schemaVersion: current,
          createdAt: new Date().toISOString(),
          engine,
        };
        await write(JSON.stringify(header));
        const tables = await tablesInDependencyOrder(trx);
        let rowCount = 0;
        for (const table of tables) {
          const key = await primaryKey(trx, table);
          let after: string | null = null;
          for (;;) {
            const page: { rows: Array<{ json: string }> } = await sql<{ json: string }>`
              SELECT row_to_json(t)::text AS json FROM ${sql.table(table)} t
              ${after === null ? sql`` : sql`WHERE (${columnList(key.map((k) => `t.${k}`))}) > (SELECT ${columnList(key.map((k) => `r.${k}`))} FROM json_populate_record(NULL::${sql.table(table)}, ${after}::json) r)`}
              ORDER BY ${columnList(key.map((k) => `t.${k}`))} LIMIT ${BATCH}`.execute(trx);
            for (const row of page.rows) await write(`{"t":${JSON.stringify(table)},"r":${row.json}}`);
            rowCount += page.rows.length;
            if (page.rows.length < BATCH) break;
            after = page.rows[page.rows.length - 1]!.json;
          }
        }
        const sequences = await sql<{ name: string; value: number | null }>`
          SELECT sequencename AS name, last_value AS value FROM pg_sequences
          WHERE schemaname = current_schema()`.execute(trx);
        for (const s of sequences.rows) {
          if (s.value !== null) await write(JSON.stringify({ sequence: s.name, value: s.value }));
        }
        await write(JSON.stringify({ end: true, rows: rowCount }));
        return { tables: tables.length, rows: rowCount, schemaVersion: current };
      });
    out.end();
    await once(target, 'close');
    return summary;
  } catch (error) {
    out.destroy();
    target.destroy();
    fs.rmSync(file, { force: true });
    throw error;
  }
}

export class BackupFormatError extends Error {
  override name = 'BackupFormatError';
}

async function* backupLines(file: string): AsyncGenerator<Record<string, unknown>> {
  const source = fs.createReadStream(file);
  const input = zlib.createGunzip();
  source.on('error', (error) => input.destroy(error));
  source.pipe(input);
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      if (line.trim() !== '') yield JSON.parse(line) as Record<string, unknown>;
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Z_BUF_ERROR: the gzip stream ends early (a truncated file).
    if (error instanceof SyntaxError || code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') {
      throw new BackupFormatError(`${file} is not a Commons backup, or it is damaged.`);
    }
    throw error;
  } finally {
    // A reader that stops early (the header check) must not leave the stream running: a later
    // decompression error would have no listener and crash the process.
    lines.close();
    input.destroy();
    source.destroy();
  }
}

/** Reads only the header, to check a file before anything is replaced. */
export async function readBackupHeader(file: string): Promise<Header> {
  for await (const line of backupLines(file)) {
    if (line.format !== FORMAT || typeof line.schemaVersion !== 'number') break;
    if (line.version !== FORMAT_VERSION) {
      throw new BackupFormatError(
        `This backup has format version ${String(line.version)}; this Commons reads ${FORMAT_VERSION}.`,
      );
    }
    return line as unknown as Header;
  }
  throw new BackupFormatError(`${file} is not a Commons backup.`);
}

/**
 * Replaces the whole database with the backup in `file`, in one transaction: if anything fails,
 * nothing changes. Returns what was loaded.
 */
export async function restoreBackup(db: Kysely<DB>, file: string): Promise<BackupSummary> {
  const header = await readBackupHeader(file);
  return db.transaction().execute(async (trx) => {
    const { rows: schema } = await sql<{ name: string }>`SELECT current_schema() AS name`.execute(trx);
    const schemaName = schema[0]!.name;
    await sql`DROP SCHEMA ${sql.id(schemaName)} CASCADE`.execute(trx);
    await sql`CREATE SCHEMA ${sql.id(schemaName)}`.execute(trx);
    await applyMigrations(trx, { to: header.schemaVersion });
    // Migrations may seed rows (the report reasons); the backup holds the site's own.
    const seeded = await tablesInDependencyOrder(trx);
    if (seeded.length > 0) {
      await sql`TRUNCATE ${sql.join(seeded.map((table) => sql.table(table)))}`.execute(trx);
    }

    const columns = new Map<string, string[]>();
    const pending: { table: string; rows: unknown[] } = { table: '', rows: [] };
    let loaded = 0;
    let ended = false;
    const flush = async () => {
      if (pending.rows.length === 0) return;
      let cols = columns.get(pending.table);
      if (!cols) {
        cols = await writableColumns(trx, pending.table);
        if (cols.length === 0)
          throw new BackupFormatError(`The backup names an unknown table, ${pending.table}.`);
        columns.set(pending.table, cols);
      }
      await sql`INSERT INTO ${sql.table(pending.table)} (${columnList(cols)})
        SELECT ${columnList(cols)} FROM json_populate_recordset(NULL::${sql.table(pending.table)}, ${JSON.stringify(pending.rows)}::json)`.execute(
        trx,
      );
      loaded += pending.rows.length;
      pending.rows = [];
    };

    let first = true;
    for await (const line of backupLines(file)) {
      if (first) {
        first = false;
        continue;
      }
      if (typeof line.t === 'string') {
        if (line.t !== pending.table || pending.rows.length >= BATCH) await flush();
        pending.table = line.t;
        pending.rows.push(line.r);
      } else if (typeof line.sequence === 'string') {
        await flush();
        await sql`SELECT setval(format('%I.%I', ${schemaName}::text, ${line.sequence}::text)::regclass, ${Number(line.value)}::bigint)`.execute(
          trx,
        );
      } else if (line.end === true) {
        await flush();
        if (line.rows !== loaded) {
          throw new BackupFormatError(
            `The backup says ${String(line.rows)} rows but holds ${loaded}; it is damaged.`,
          );
        }
        ended = true;
      }
    }
    if (!ended)
      throw new BackupFormatError(`${file} is incomplete (it has no end marker); nothing was restored.`);
    await applyMigrations(trx);
    await sql`SELECT pg_notify(${RESTORED_CHANNEL}, '')`.execute(trx);
    const tables = new Set(columns.keys()).size;
    return { tables, rows: loaded, schemaVersion: header.schemaVersion };
  });
}
