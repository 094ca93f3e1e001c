import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findBinaries, type PostgresBinaries } from './binaries.js';
import { canReach, chooseDatabaseUser, type DatabaseUser } from './database-user.js';
import { isAlive, processInfo, waitForExit } from './processes.js';

/**
 * The embedded database: a real PostgreSQL server that the site starts and stops itself, with its
 * files in `DATA_DIR/postgres`, reachable only through a Unix socket in that folder (no TCP port, so it
 * never clashes with another PostgreSQL on the machine; the folder is owner-only, so only its owner and
 * root can connect). docs/decisions.md §3 has the why; the README the settings.
 *
 * Who started a running server is written on its own command line (`-c commons.owner=<role>:<pid>`,
 * which PostgreSQL keeps in `postmaster.opts`): that, the server's own `postmaster.pid` lock and its
 * parent process tell a live owner (another site process: refuse, or a CLI sharing it) from an orphan
 * left by a process killed with SIGKILL (stop it, then start afresh).
 */
export type OwnerRole = 'server' | 'cli' | 'test';

/** Sized for a 1–2 GB machine; every value is documented in the README. */
export const EMBEDDED_SETTINGS: Record<string, string> = {
  listen_addresses: '',
  unix_socket_permissions: '0700',
  max_connections: '20',
  shared_buffers: '32MB',
  work_mem: '4MB',
  maintenance_work_mem: '32MB',
  effective_cache_size: '256MB',
  max_wal_size: '256MB',
  min_wal_size: '32MB',
  huge_pages: 'off',
  jit: 'off',
  log_checkpoints: 'off',
  TimeZone: 'UTC',
  log_timezone: 'UTC',
};

export const DATABASE_NAME = 'commons';
export const DATABASE_ROLE = 'commons';
const PORT = 5432;
const START_TIMEOUT_MS = 120_000;
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

export class EmbeddedInUseError extends Error {
  override name = 'EmbeddedInUseError';
  constructor(
    readonly role: OwnerRole,
    readonly pid: number,
    dataDir: string,
  ) {
    super(
      role === 'server'
        ? `The data directory ${dataDir} is in use by a running Commons server (pid ${pid}). Only one server can use it; stop that one first, or give this one another DATA_DIR.`
        : `The data directory ${dataDir} is in use by another Commons command (pid ${pid}); try again when it has finished.`,
    );
  }
}

export class EmbeddedStartError extends Error {
  override name = 'EmbeddedStartError';
}

export interface EmbeddedLayout {
  dataDir: string;
  /** PGDATA. */
  clusterDir: string;
  /** Where the socket is: the cluster folder, or a folder in the temp directory when that path is too long. */
  socketDir: string;
  logFile: string;
}

export function embeddedLayout(dataDir: string): EmbeddedLayout {
  const clusterDir = path.join(dataDir, 'postgres');
  // Unix socket paths are limited to 103–107 bytes; `.s.PGSQL.5432` adds 14.
  const socketDir =
    Buffer.byteLength(clusterDir) <= 88
      ? clusterDir
      : path.join(
          os.tmpdir(),
          `commons-${crypto.createHash('sha256').update(clusterDir).digest('hex').slice(0, 16)}`,
        );
  return { dataDir, clusterDir, socketDir, logFile: path.join(dataDir, 'postgres.log') };
}

/** What `pg` needs to reach the embedded server. */
export function embeddedConnection(layout: EmbeddedLayout, database = DATABASE_NAME): pg.ClientConfig {
  return { host: layout.socketDir, port: PORT, user: DATABASE_ROLE, database };
}

/** A connection string for tools (`psql`, tests): the socket folder goes in the `host` parameter. */
export function embeddedUrl(layout: EmbeddedLayout, database = DATABASE_NAME): string {
  return `postgresql://${DATABASE_ROLE}@localhost:${PORT}/${database}?host=${encodeURIComponent(layout.socketDir)}`;
}

/** A data directory written by PGlite, the embedded engine of earlier builds. */
export function findPgliteData(dataDir: string): string | null {
  const old = path.join(dataDir, 'db');
  return fs.existsSync(path.join(old, 'PG_VERSION')) ? old : null;
}

export interface RunningEmbedded {
  layout: EmbeddedLayout;
  connection: pg.ClientConfig;
  /** True when this process started the server and so stops it. */
  owned: boolean;
  /** The postmaster's process id. */
  pid: number;
  /** The process that started it: this one, or the running server this CLI joined. */
  ownerPid: number;
  /** Set when running as root: the account the database runs as. */
  user: DatabaseUser | null;
  /** What happened on the way up, for the log: an orphan stopped, a new cluster made, the account used. */
  notes: string[];
  /** Fast shutdown (clients disconnected, a checkpoint, exit); immediate after `timeoutMs`. No-op if not owned. */
  stop(timeoutMs?: number): Promise<void>;
  /** Asks for a fast shutdown without waiting: for a process about to exit at once. */
  signalStop(): void;
  /** Called if the server exits while we still use it (it crashed or was killed). */
  onUnexpectedExit(listener: (code: number | null, signal: string | null) => void): void;
}

interface Running {
  pid: number;
  owner: { role: OwnerRole; pid: number } | null;
  /** The owner is alive and is the postmaster's parent. */
  ownerAlive: boolean;
}

/** Reads the lock PostgreSQL keeps (postmaster.pid) and who started the server. Null when none runs. */
export function runningServer(layout: EmbeddedLayout): Running | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(layout.clusterDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const info = processInfo(pid);
  // A stale lock, or its pid reused by another program (common in containers after a restart).
  if (!info || pid === process.pid || !/postgres/.test(info.command)) return null;
  let owner: Running['owner'] = null;
  try {
    const opts = fs.readFileSync(path.join(layout.clusterDir, 'postmaster.opts'), 'utf8');
    const match = /commons\.owner=(server|cli|test):(\d+)/.exec(opts);
    if (match) owner = { role: match[1] as OwnerRole, pid: Number(match[2]) };
  } catch {
    // no options file: started by hand
  }
  const ownerAlive = owner !== null && info.parentPid === owner.pid && isAlive(owner.pid);
  return { pid, owner, ownerAlive };
}

async function stopPid(
  pid: number,
  child: ChildProcess | null,
  timeoutMs: number,
): Promise<'fast' | 'immediate'> {
  const exited = child
    ? new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) resolve();
        else child.once('exit', () => resolve());
      })
    : null;
  const wait = (ms: number) =>
    exited
      ? Promise.race([exited.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))])
      : waitForExit(pid, ms);
  signal(pid, 'SIGINT');
  if (await wait(timeoutMs)) return 'fast';
  // Immediate shutdown: no checkpoint; the next start recovers from the log, losing nothing committed.
  signal(pid, 'SIGQUIT');
  await wait(5_000);
  return 'immediate';
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

function rotateLog(file: string): void {
  try {
    if (fs.statSync(file).size > LOG_ROTATE_BYTES) fs.renameSync(file, `${file}.1`);
  } catch {
    // no log yet
  }
}

function tailOf(file: string, lines = 15): string {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** The binaries where `user` can run them: in place, or a copy in the data directory. */
function reachableBinaries(
  binaries: PostgresBinaries,
  user: DatabaseUser | null,
  dataDir: string,
): PostgresBinaries {
  if (
    !user ||
    canReach(user, [
      ['-x', binaries.postgres],
      ['-x', binaries.initdb],
      ['-x', path.join(binaries.root, 'share', 'postgresql')],
    ])
  )
    return binaries;
  const copy = path.join(dataDir, `.postgres-${binaries.version}`);
  if (!fs.existsSync(path.join(copy, 'bin', 'postgres'))) {
    const partial = `${copy}.${process.pid}`;
    fs.rmSync(partial, { recursive: true, force: true });
    fs.cpSync(binaries.root, partial, { recursive: true, verbatimSymlinks: true });
    fs.chmodSync(partial, 0o755);
    fs.renameSync(partial, copy);
  }
  return {
    ...binaries,
    root: copy,
    initdb: path.join(copy, 'bin', 'initdb'),
    postgres: path.join(copy, 'bin', 'postgres'),
  };
}

function runAs(user: DatabaseUser | null) {
  return user ? { uid: user.uid, gid: user.gid } : {};
}

/** Makes a new cluster: in a side folder first, renamed into place only when complete. */
function initCluster(binaries: PostgresBinaries, layout: EmbeddedLayout, user: DatabaseUser | null): void {
  const partial = `${layout.clusterDir}.init-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { mode: 0o700 });
  if (user) fs.chownSync(partial, user.uid, user.gid);
  const result = spawnSync(
    binaries.initdb,
    [
      '--pgdata',
      partial,
      '--username',
      DATABASE_ROLE,
      '--auth-local=trust',
      '--auth-host=reject',
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
      '--no-instructions',
    ],
    { encoding: 'utf8', ...runAs(user), env: { ...process.env, LC_ALL: 'C', TZ: 'UTC' } },
  );
  if (result.status !== 0) {
    fs.rmSync(partial, { recursive: true, force: true });
    const why = result.error ? result.error.message : `${result.stderr}${result.stdout}`.trim();
    throw new EmbeddedStartError(`Could not create the embedded database in ${layout.clusterDir}: ${why}`);
  }
  try {
    fs.renameSync(partial, layout.clusterDir);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    // Another process made it first: use theirs.
    if (!fs.existsSync(path.join(layout.clusterDir, 'PG_VERSION'))) throw error;
  }
}

async function waitUntilReady(layout: EmbeddedLayout, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  // An object, so that the narrowing of a `let` does not hide the listener's assignment from the checker.
  const exit: { how: string | null } = { how: null };
  child.once('exit', (code, sig) => (exit.how = sig ?? `code ${code}`));
  for (;;) {
    if (exit.how !== null) {
      throw new EmbeddedStartError(
        `The embedded database did not start (it exited with ${exit.how}). From ${layout.logFile}:\n${tailOf(layout.logFile)}`,
      );
    }
    const client = new pg.Client({
      ...embeddedConnection(layout, 'postgres'),
      connectionTimeoutMillis: 2_000,
    });
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
    }
    if (Date.now() > deadline) {
      child.kill('SIGQUIT');
      throw new EmbeddedStartError(
        `The embedded database did not start within ${START_TIMEOUT_MS / 1000} s. See ${layout.logFile}.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
}

async function ensureDatabase(layout: EmbeddedLayout): Promise<void> {
  const client = new pg.Client(embeddedConnection(layout, 'postgres'));
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE_NAME]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${DATABASE_NAME}`);
  } catch (error) {
    // Two processes creating it at once: the loser sees it exist.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/**
 * Starts the embedded server for `dataDir` and waits until it takes connections, or joins the one a
 * running Commons server already started (role `cli`). Stops an orphan first.
 */
export async function startEmbedded(
  dataDir: string,
  role: OwnerRole,
  /** Settings over EMBEDDED_SETTINGS (tests: more connections for many databases at once). */
  overrides: Record<string, string> = {},
): Promise<RunningEmbedded> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const layout = embeddedLayout(dataDir);
  const notes: string[] = [];
  const pgliteData = findPgliteData(dataDir);
  if (pgliteData) {
    throw new EmbeddedStartError(
      `${pgliteData} holds a database of an earlier Commons (PGlite), which this version cannot open. To move its data: with the earlier version, run npm run cli -- backup site-backup.gz; then move ${pgliteData} away, and with this version run npm run cli -- restore site-backup.gz.`,
    );
  }

  const running = runningServer(layout);
  if (running?.ownerAlive && running.owner) {
    if (role === 'cli' && running.owner.role !== 'cli')
      return joined(layout, running.pid, running.owner.pid, notes);
    throw new EmbeddedInUseError(running.owner.role, running.owner.pid, dataDir);
  }
  if (running) {
    const how = await stopPid(running.pid, null, 10_000);
    notes.push(
      `Stopped a database server (pid ${running.pid}) left running by ${running.owner ? `an earlier Commons ${running.owner.role} (pid ${running.owner.pid}) that ended without stopping it` : 'a process that is gone'} (${how} shutdown).`,
    );
  }

  const binaries = findBinaries();
  const user = chooseDatabaseUser(dataDir);
  if (user) {
    notes.push(
      `Running as root: the embedded database runs as the unprivileged user ${user.name} (uid ${user.uid}).`,
    );
    // The database's folder is inside DATA_DIR: that user must be able to pass through it (not list it).
    const stat = fs.statSync(dataDir);
    if (stat.uid !== user.uid && (stat.mode & 0o001) === 0)
      fs.chmodSync(dataDir, (stat.mode & 0o7777) | 0o001);
    if (!canReach(user, [['-x', dataDir]])) {
      throw new EmbeddedStartError(
        `Running as root, the embedded database runs as the user ${user.name}, who cannot reach ${dataDir} (a folder above it is private, like /root). Set DATA_DIR to a folder outside it, such as /var/lib/commons, or run Commons as an ordinary user.`,
      );
    }
  }
  const usable = reachableBinaries(binaries, user, dataDir);
  if (!fs.existsSync(path.join(layout.clusterDir, 'PG_VERSION'))) {
    initCluster(usable, layout, user);
    notes.push(
      `Created the embedded database (PostgreSQL ${usable.version.split('-')[0]}) in ${layout.clusterDir}.`,
    );
  }
  if (user) {
    const stat = fs.statSync(layout.clusterDir);
    if (stat.uid !== user.uid) {
      spawnSync('chown', ['-R', `${user.uid}:${user.gid}`, layout.clusterDir]);
    }
    if (
      !canReach(user, [
        ['-r', path.join(layout.clusterDir, 'PG_VERSION')],
        ['-w', layout.clusterDir],
      ])
    ) {
      throw new EmbeddedStartError(
        `Running as root, the embedded database runs as the user ${user.name}, who cannot reach ${layout.clusterDir}. Set DATA_DIR to a folder outside private folders such as /root, or run Commons as an ordinary user.`,
      );
    }
  }
  if (layout.socketDir !== layout.clusterDir) {
    fs.mkdirSync(layout.socketDir, { recursive: true, mode: 0o700 });
    if (user) fs.chownSync(layout.socketDir, user.uid, user.gid);
  }

  rotateLog(layout.logFile);
  const log = fs.openSync(layout.logFile, 'a', 0o600);
  // The log is the database user's, as its folder is: written by root, it would stop the site run as
  // the owner of DATA_DIR later.
  if (user) fs.fchownSync(log, user.uid, user.gid);
  const settings = {
    ...EMBEDDED_SETTINGS,
    ...overrides,
    unix_socket_directories: layout.socketDir,
    port: String(PORT),
  };
  const args = [
    '-D',
    layout.clusterDir,
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
  args.push('-c', `commons.owner=${role}:${process.pid}`);
  // Its own process group: a Ctrl-C in the terminal reaches Node, which drains requests and then stops
  // the database; the terminal's signal must not stop the database first.
  const child = spawn(usable.postgres, args, {
    detached: true,
    stdio: ['ignore', log, log],
    ...runAs(user),
    env: { ...process.env, LC_ALL: 'C', TZ: 'UTC' },
  });
  fs.closeSync(log);
  child.unref();
  try {
    await waitUntilReady(layout, child);
  } catch (error) {
    // Lost a start race with another process on the same data directory: say who holds it.
    const other = runningServer(layout);
    if (other?.ownerAlive && other.owner && other.owner.pid !== process.pid) {
      if (role === 'cli' && other.owner.role !== 'cli')
        return joined(layout, other.pid, other.owner.pid, notes);
      throw new EmbeddedInUseError(other.owner.role, other.owner.pid, dataDir);
    }
    throw error;
  }
  await ensureDatabase(layout);

  const pid = child.pid!;
  const exitListeners: Array<(code: number | null, signal: string | null) => void> = [];
  let stopping = false;
  child.once('exit', (code, sig) => {
    if (!stopping) exitListeners.forEach((listener) => listener(code, sig));
  });
  return {
    layout,
    connection: embeddedConnection(layout),
    owned: true,
    pid,
    ownerPid: process.pid,
    user,
    notes,
    async stop(timeoutMs = 8_000) {
      stopping = true;
      await stopPid(pid, child, timeoutMs);
    },
    signalStop() {
      stopping = true;
      signal(pid, 'SIGINT');
    },
    onUnexpectedExit(listener) {
      exitListeners.push(listener);
    },
  };
}

function joined(layout: EmbeddedLayout, pid: number, ownerPid: number, notes: string[]): RunningEmbedded {
  return {
    layout,
    connection: embeddedConnection(layout),
    owned: false,
    pid,
    ownerPid,
    user: null,
    notes,
    async stop() {},
    signalStop() {},
    onUnexpectedExit() {},
  };
}
