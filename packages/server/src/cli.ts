import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { ConfigError, loadConfig, type Config } from './config.js';
import { EmbeddedUnavailableError } from './db/embedded/binaries.js';
import { EmbeddedInUseError, embeddedLayout, EmbeddedStartError } from './db/embedded/embedded-postgres.js';
import { migrate } from './db/migrate.js';
import { openConfiguredDatabase } from './db/open.js';
import { AppError } from './lib/errors.js';
import { dataDirFailure, databaseFailure } from './lib/start-errors.js';
import { systemClock } from './lib/time.js';
import { BackupFormatError, readBackupHeader } from './operations/backup.js';
import { isStandardOutput } from './operations/backup.js';
import { runOperation, type Operation } from './operations/operations.js';
import { seedSite } from './site/seed.js';
import { OperatorError } from './users/users.service.js';

const USAGE = `Usage: npm run cli -- <command>

  status                       which database, its schema version, admins, signups
  migrate                      apply pending migrations
  migrate status               show the schema version and what is pending
  admin add <username>         make a user an admin
  admin remove <username>      take the admin role away
  ban <username>               ban a user site-wide and end their sessions
  unban <username>             lift a site-wide ban
  password <username>          set a new password (asks for it, or reads it with --password-stdin)
  logout <username>            end every session of a user
  signups enable|disable       open or close signups
  ipblocks                     list the IP blocks in effect
  ipblocks lift <id>|all       lift one IP block, or all of them (e.g. an admin's own address)
  user <username>              show an account
  backup <file>                write a backup of the whole database to <file>
  restore <file> [--yes]       replace the whole database with a backup (asks first unless --yes)
  print-config                 print the effective settings (secrets left out)

  mod add|remove <community> <username>
                               add or remove a moderator (no checks, no notification)
  fix-hotness                  recompute every post's hotness, a thousand posts at a time
  add-all-users-to-community <name>
                               make every account a member of a community
  delete-unused-communities [--days N] [--dry-run]
                               delete communities without a post made over N days ago (30)
  new-badge <name>             make a badge type admins can give
  image-path <imageId>         print the folder holding an image's files
  delete-user <username> [--purge] [--yes]
                               delete an account (asks first unless --yes); --purge removes
                               its posts and comments first

It reads the same settings as the server (DATA_DIR, DATABASE_URL, ...). On the embedded database it
connects to the database of the running server; when no server runs, it starts the database for the
command and stops it after.`;

class UsageError extends Error {}

function need(value: string | undefined, what: string): string {
  if (!value) throw new UsageError(`Missing ${what}.`);
  return value;
}

/** Reads a line without echoing it (a password), or the first line of stdin when it is not a terminal. */
async function readSecret(prompt: string, fromStdin: boolean): Promise<string> {
  if (fromStdin || !process.stdin.isTTY) {
    const rl = readline.createInterface({ input: process.stdin });
    for await (const line of rl) {
      rl.close();
      return line;
    }
    return '';
  }
  process.stdout.write(prompt);
  process.stdin.setRawMode(true);
  process.stdin.resume();
  process.stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let value = '';
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n') {
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          process.stdin.setRawMode(false);
          reject(new UsageError('Cancelled.'));
          return;
        }
        value = ch === '\u007f' ? value.slice(0, -1) : value + ch;
      }
    };
    process.stdin.on('data', onData);
  });
}

async function confirm(question: string): Promise<boolean> {
  if (!process.stdin.isTTY) {
    console.error('There is no terminal to ask for YES: add --yes to the command to confirm it.');
    return false;
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  const answer = await new Promise<string>((resolve) => rl.question(question, resolve));
  rl.close();
  return answer.trim() === 'YES';
}

/** The flags each command takes; any other is a mistake, said rather than ignored. */
const FLAGS: Record<string, readonly string[]> = {
  password: ['--password-stdin'],
  restore: ['--yes'],
  'delete-unused-communities': ['--days', '--dry-run'],
  'delete-user': ['--purge', '--yes'],
};

/** How many words each command takes after its name, at most; more is a mistake, said rather than ignored. */
const WORDS: Record<string, number> = {
  status: 0,
  migrate: 1,
  admin: 2,
  ban: 1,
  unban: 1,
  logout: 1,
  user: 1,
  password: 1,
  signups: 1,
  ipblocks: 2,
  backup: 1,
  restore: 1,
  'print-config': 0,
  mod: 3,
  'fix-hotness': 0,
  'add-all-users-to-community': 1,
  'delete-unused-communities': 0,
  'new-badge': 1,
  'image-path': 1,
  'delete-user': 1,
};

/** Flags that take a value, as `--days 7` or `--days=7`. */
const VALUE_FLAGS = new Set(['--days']);

function splitArgs(args: string[]) {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      words.push(arg);
      continue;
    }
    const [name, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg];
    flags.add(name);
    if (VALUE_FLAGS.has(name)) {
      const value = inline ?? args[++i];
      if (value === undefined) throw new UsageError(`${name} needs a value.`);
      values.set(name, value);
    }
  }
  return { flags, values, words };
}

async function parse(args: string[], config: Config): Promise<Operation | 'print-config'> {
  const { flags, values, words } = splitArgs(args);
  const [command, ...rest] = words;
  if (command !== undefined && command in WORDS) {
    const unknown = [...flags].filter((flag) => !(FLAGS[command] ?? []).includes(flag));
    if (unknown.length) throw new UsageError(`Unknown option for ${command}: ${unknown.join(' ')}.`);
    const extra = rest.slice(WORDS[command]);
    if (extra.length) throw new UsageError(`Unexpected after ${command}: ${extra.join(' ')}.`);
  }
  switch (command) {
    case 'status':
      return { op: 'status' };
    case 'migrate':
      if (rest[0] === 'status') return { op: 'migrate-status' };
      if (rest.length) throw new UsageError(`Unknown: migrate ${rest.join(' ')}.`);
      return { op: 'migrate' };
    case 'admin':
      if (rest[0] !== 'add' && rest[0] !== 'remove')
        throw new UsageError('Use admin add <username> or admin remove <username>.');
      return { op: 'admin', add: rest[0] === 'add', username: need(rest[1], 'the username') };
    case 'ban':
    case 'unban':
    case 'logout':
    case 'user':
      return { op: command, username: need(rest[0], 'the username') };
    case 'password': {
      const username = need(rest[0], 'the username');
      const fromStdin = flags.has('--password-stdin');
      const password = (await readSecret(`New password for ${username}: `, fromStdin)).trim();
      if (!fromStdin && process.stdin.isTTY) {
        const again = (await readSecret('Type it again: ', false)).trim();
        // An answer, not a mistake in the command: no usage text after it.
        if (again !== password) throw new OperatorError('The two passwords do not match; nothing changed.');
      }
      return { op: 'password', username, password };
    }
    case 'signups':
      if (rest[0] !== 'enable' && rest[0] !== 'disable')
        throw new UsageError('Use signups enable or signups disable.');
      return { op: 'signups', enabled: rest[0] === 'enable' };
    case 'ipblocks': {
      if (rest.length === 0) return { op: 'ipblocks-list' };
      if (rest[0] !== 'lift' || rest.length !== 2)
        throw new UsageError('Use ipblocks, or ipblocks lift <id>|all.');
      if (rest[1] === 'all') return { op: 'ipblocks-lift', which: 'all' };
      const id = /^[1-9]\d{0,15}$/.test(rest[1]!) ? Number(rest[1]) : NaN;
      if (!Number.isSafeInteger(id)) throw new UsageError(`Not an IP block id: ${rest[1]}.`);
      return { op: 'ipblocks-lift', which: id };
    }
    case 'backup':
      return { op: 'backup', file: path.resolve(need(rest[0], 'the backup file')) };
    case 'restore': {
      const file = path.resolve(need(rest[0], 'the backup file'));
      if (!fs.existsSync(file)) throw new UsageError(`No such file: ${file}`);
      const header = await readBackupHeader(file);
      if (!flags.has('--yes')) {
        const where = config.databaseUrl
          ? 'the PostgreSQL database'
          : `the embedded database in ${config.dataDir}`;
        const ok = await confirm(
          `This replaces ALL data in ${where} with the backup made ${header.createdAt}.\nType YES to continue: `,
        );
        // An answer, not a mistake in the command: no usage text after it.
        if (!ok) throw new OperatorError('Not restored.');
      }
      return { op: 'restore', file };
    }
    case 'print-config':
      return 'print-config';
    case 'mod':
      if ((rest[0] !== 'add' && rest[0] !== 'remove') || rest.length !== 3)
        throw new UsageError('Use mod add <community> <username> or mod remove <community> <username>.');
      return { op: 'mod', add: rest[0] === 'add', community: rest[1]!, username: rest[2]! };
    case 'fix-hotness':
      return { op: 'fix-hotness' };
    case 'add-all-users-to-community':
      return { op: 'add-all-users-to-community', community: need(rest[0], 'the community') };
    case 'delete-unused-communities': {
      const days = values.get('--days') ?? '30';
      if (!/^\d{1,5}$/.test(days)) throw new UsageError(`Not a number of days: ${days}.`);
      return { op: 'delete-unused-communities', days: Number(days), dryRun: flags.has('--dry-run') };
    }
    case 'new-badge':
      return { op: 'new-badge', name: need(rest[0], 'the badge name') };
    case 'image-path':
      return { op: 'image-path', imageId: need(rest[0], 'the image id') };
    case 'delete-user': {
      const username = need(rest[0], 'the username');
      const purge = flags.has('--purge');
      if (!flags.has('--yes')) {
        const what = purge
          ? 'the account and all its posts and comments'
          : 'the account (its posts and comments stay, by Ghost)';
        const ok = await confirm(`This deletes ${what} of @${username}, for good.\nType YES to continue: `);
        // An answer, not a mistake in the command: no usage text after it.
        if (!ok) throw new OperatorError('Not deleted.');
      }
      return { op: 'delete-user', username, purge };
    }
    default:
      throw new UsageError(command ? `Unknown command: ${command}.` : 'No command given.');
  }
}

/** A connection URL as shown: its password is a secret too. */
function withoutPassword(text: string | null): string | null {
  if (text === null) return null;
  const url = new URL(text);
  if (url.password) url.password = '(set)';
  return url.toString();
}

function printConfig(config: Config): string {
  const shown = {
    ...config,
    secret: config.secret ? '(set)' : '(generated, kept in the database)',
    databaseUrl: withoutPassword(config.databaseUrl),
    redisUrl: withoutPassword(config.redisUrl),
  };
  return Object.entries(shown)
    .map(([key, value]) => `${key}: ${value instanceof URL ? value.toString() : JSON.stringify(value)}`)
    .join('\n');
}

/** Commands that need nothing but a migrated database with the system accounts. */
const NEEDS_READY_DATABASE = new Set<Operation['op']>([
  'status',
  'admin',
  'ban',
  'unban',
  'password',
  'logout',
  'signups',
  'user',
  'ipblocks-list',
  'ipblocks-lift',
  'mod',
  'fix-hotness',
  'add-all-users-to-community',
  'delete-unused-communities',
  'new-badge',
  'image-path',
  'delete-user',
]);

async function execute(config: Config, operation: Operation): Promise<string> {
  // A folder this user may not enter would read as no database at all below.
  const unusable = config.databaseUrl ? null : dataDirFailure(config.dataDir, true);
  if (unusable) throw new OperatorError(unusable);
  if (
    !config.databaseUrl &&
    operation.op !== 'migrate' &&
    operation.op !== 'restore' &&
    !fs.existsSync(path.join(embeddedLayout(config.dataDir).clusterDir, 'PG_VERSION'))
  ) {
    throw new OperatorError(
      `There is no database in ${config.dataDir} yet: start the server once (npm start), or run: npm run cli -- migrate`,
    );
  }
  const database = await openConfiguredDatabase(config, 'cli');
  for (const note of database.embedded?.notes ?? []) console.error(note);
  try {
    if (NEEDS_READY_DATABASE.has(operation.op)) {
      await migrate(database.db);
      await seedSite(database.db);
    }
    const embedded = database.embedded;
    const runner =
      embedded?.owned === false
        ? `shared with the running server (pid ${embedded.ownerPid})`
        : 'started for this command';
    const output = await runOperation(
      { db: database.db, config, engine: database.engine, clock: systemClock, runner },
      operation,
    );
    if (operation.op === 'migrate' || operation.op === 'restore') await seedSite(database.db);
    return output;
  } finally {
    await database.close();
  }
}

async function main(args: string[]): Promise<number> {
  if (args.length === 0 || args[0] === 'help' || args.includes('--help')) {
    console.log(USAGE);
    return args.length === 0 ? 2 : 0;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`commons: ${error.message}`);
      return 1;
    }
    throw error;
  }
  try {
    const operation = await parse(args, config);
    const output = operation === 'print-config' ? printConfig(config) : await execute(config, operation);
    // A backup written to standard output has it to itself: what was done goes to standard error.
    const toStdout =
      operation !== 'print-config' && operation.op === 'backup' && isStandardOutput(operation.file);
    if (toStdout) console.error(output);
    else console.log(output);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (
      error instanceof OperatorError ||
      error instanceof AppError ||
      error instanceof EmbeddedInUseError ||
      error instanceof EmbeddedStartError ||
      error instanceof EmbeddedUnavailableError ||
      error instanceof BackupFormatError
    ) {
      console.error(`commons: ${error.message}`);
      return 1;
    }
    // Connections open at first use: a database that refuses is said wherever the command met it.
    const why = databaseFailure(error, config);
    if (why) {
      console.error(`commons: ${why}`);
      return 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
