import { once } from 'node:events';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';
import type { Kysely } from 'kysely';
import {
  insertJsonRows,
  notify,
  primaryKey,
  recreateSchema,
  rowsAfter,
  sequencePositions,
  setSequence,
  tablesInDependencyOrder,
  truncateTables,
  writableColumns,
} from '../db/dump.js';
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
/**
 * Tables that triggers derive from other tables (`post_word_sets` and `post_search` from posts,
 * `comment_search` from comments): left out of backups, and filled again by their triggers as a restore
 * loads the rows they come from.
 */
const DERIVED_TABLES = new Set(['post_word_sets', 'post_search', 'comment_search']);

interface Header {
  format: string;
  version: number;
  schemaVersion: number;
  createdAt: string;
  engine: string;
}

/** The tables a backup holds, parents first. */
async function backedUpTables(db: Kysely<DB>): Promise<string[]> {
  return (await tablesInDependencyOrder(db)).filter(
    (name) => !SKIPPED_TABLES.has(name) && !DERIVED_TABLES.has(name),
  );
}

export interface BackupSummary {
  tables: number;
  rows: number;
  schemaVersion: number;
}

/**
 * Writes a backup of everything to `file`, readable by its owner alone (it holds password hashes and
 * sessions). A file is written whole under a temporary name beside it, then put in its place: a backup
 * that fails (the database unreachable, a full disk) leaves the one before it as it was, and the new
 * one is owner-only whatever the old one's mode; through a symbolic link, the file it names is
 * replaced and the link kept. Anything else at that path (a device, a pipe, standard output:
 * `/dev/stdout`) is written as it is, its mode untouched. A path that cannot be written fails here,
 * before anything is read.
 */
export async function writeBackup(db: Kysely<DB>, file: string, engine: string): Promise<BackupSummary> {
  const existing = statOrNull(() => fs.statSync(file)); // through any symbolic links
  // A folder is refused as opening it would be (EISDIR), naming the path the operator gave.
  if (existing?.isDirectory()) fs.closeSync(fs.openSync(file, 'w'));
  const stdout = isStandardOutput(file);
  // A link to nowhere yet is written through, creating what it names.
  const danglingLink = !existing && statOrNull(() => fs.lstatSync(file))?.isSymbolicLink() === true;
  const inPlace = stdout || danglingLink || (existing !== null && !existing.isFile());
  // A regular file is replaced where it really is: a symbolic link to it stays a link.
  const real = existing && !inPlace ? fs.realpathSync(file) : file;
  const written = inPlace
    ? real
    : path.join(path.dirname(real), `.${path.basename(real)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
  // Standard output is written where it stands: opened again, a file it is redirected to would be
  // truncated and written from its start a second time.
  const fd = stdout ? 1 : fs.openSync(written, inPlace ? 'w' : 'wx', 0o600);
  const finished = () => {
    if (!inPlace) fs.renameSync(written, real);
  };
  const abandoned = () => {
    if (!inPlace) fs.rmSync(written, { force: true });
  };
  const out = zlib.createGzip();
  const target = fs.createWriteStream(written, { fd, autoClose: !stdout });
  // A failed write (a full disk) rejects the backup instead of ending the process.
  const flushed = pipeline(out, target);
  flushed.catch(() => {});
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
        const tables = await backedUpTables(trx);
        let rowCount = 0;
        for (const table of tables) {
          const key = await primaryKey(trx, table);
          let after: string | null = null;
          for (;;) {
            const page = await rowsAfter(trx, table, key, after, BATCH);
            for (const json of page) await write(`{"t":${JSON.stringify(table)},"r":${json}}`);
            rowCount += page.length;
            if (page.length < BATCH) break;
            after = page[page.length - 1]!;
          }
        }
        for (const s of await sequencePositions(trx)) {
          if (s.value !== null) await write(JSON.stringify({ sequence: s.name, value: s.value }));
        }
        await write(JSON.stringify({ end: true, rows: rowCount }));
        return { tables: tables.length, rows: rowCount, schemaVersion: current };
      });
    out.end();
    await flushed;
    finished();
    return summary;
  } catch (error) {
    out.destroy();
    target.destroy();
    abandoned();
    throw error;
  }
}

function statOrNull(stat: () => fs.Stats): fs.Stats | null {
  try {
    return stat();
  } catch {
    return null;
  }
}

/**
 * Whether `file` is where this process's standard output goes (`/dev/stdout`, `/proc/self/fd/1`, or
 * the file or pipe it is redirected to): the backup's data goes there, so the CLI says what it did on
 * standard error.
 */
export function isStandardOutput(file: string): boolean {
  const target = statOrNull(() => fs.statSync(file));
  const stdout = statOrNull(() => fs.fstatSync(1));
  return target !== null && stdout !== null && target.dev === stdout.dev && target.ino === stdout.ino;
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
    const schemaName = await recreateSchema(trx);
    await applyMigrations(trx, { to: header.schemaVersion });
    // Migrations may seed rows (the report reasons); the backup holds the site's own. Derived tables
    // go too: they reference what is truncated, and their triggers fill them as the rows load.
    const derived = (await tablesInDependencyOrder(trx)).filter((name) => DERIVED_TABLES.has(name));
    await truncateTables(trx, [...(await backedUpTables(trx)), ...derived]);

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
      await insertJsonRows(trx, pending.table, cols, pending.rows);
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
        await setSequence(trx, schemaName, line.sequence, Number(line.value));
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
    await notify(trx, RESTORED_CHANNEL);
    const tables = new Set(columns.keys()).size;
    return { tables, rows: loaded, schemaVersion: header.schemaVersion };
  });
}
