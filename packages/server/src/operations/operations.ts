import type { Kysely } from 'kysely';
import { checkPassword } from '@commons/shared';
import type { Config } from '../config.js';
import type { Engine } from '../db/engine.js';
import { migrate, migrationStatus } from '../db/migrate.js';
import type { DB } from '../db/schema.js';
import type { Clock } from '../lib/time.js';
import { operatorLiftBlocks, operatorListBlocks } from '../ipblocks/ip-blocks.service.js';
import { getSiteSettings } from '../site/site-settings.repository.js';
import { changeSiteSettings } from '../site/site-settings.service.js';
import { adminUsernames, countUsers, findUserByName } from '../users/users.repository.js';
import {
  banUser,
  endUserSessions,
  makeAdmin,
  OperatorError,
  resetPassword,
  unbanUser,
} from '../users/users.service.js';
import { restoreBackup, writeBackup } from './backup.js';
import {
  addEveryoneToCommunity,
  deleteUnusedCommunities,
  deleteUserByOperator,
  fixHotness,
  imageFolder,
  newBadgeType,
  setModeratorByOperator,
} from './upkeep-commands.js';
import { PAGES_CHANGED_CHANNEL, type Changed } from '../cache/pages-changed.js';
import { notifyPagesChanged } from '../cache/pages.repository.js';

/** An operator command, as the CLI parsed it. The same value travels to a running server. */
export type Operation =
  | { op: 'migrate' }
  | { op: 'migrate-status' }
  | { op: 'admin'; add: boolean; username: string }
  | { op: 'ban'; username: string }
  | { op: 'unban'; username: string }
  | { op: 'password'; username: string; password: string }
  | { op: 'logout'; username: string }
  | { op: 'signups'; enabled: boolean }
  | { op: 'user'; username: string }
  | { op: 'status' }
  | { op: 'backup'; file: string }
  | { op: 'restore'; file: string }
  | { op: 'ipblocks-list' }
  | { op: 'ipblocks-lift'; which: number | 'all' }
  | { op: 'mod'; add: boolean; community: string; username: string }
  | { op: 'fix-hotness' }
  | { op: 'add-all-users-to-community'; community: string }
  | { op: 'delete-unused-communities'; days: number; dryRun: boolean }
  | { op: 'new-badge'; name: string }
  | { op: 'image-path'; imageId: string }
  | { op: 'delete-user'; username: string; purge: boolean };

export interface OperationContext {
  db: Kysely<DB>;
  config: Config;
  engine: Engine;
  clock: Clock;
  /** For the embedded database: who runs it, e.g. "started for this command". */
  runner: string;
}

function where(ctx: OperationContext): string {
  return ctx.engine === 'embedded'
    ? `embedded PostgreSQL in ${ctx.config.dataDir}, ${ctx.runner}`
    : 'PostgreSQL (DATABASE_URL)';
}

/**
 * Commands that end a member's sessions or change their role: the running servers forget the sessions
 * they remembered (sessions/recent-sessions.ts) when told.
 */
const SESSION_CHANGING_OPS = new Set<Operation['op']>(['admin', 'ban', 'password', 'logout', 'delete-user']);

/**
 * Commands that change what guests' cached pages show: an author's ban (their `isBanned`, and their
 * posts leaving the feeds), the admin role (`isAdmin` of their posts' author), a deleted author (Ghost),
 * a community's moderators or members, the hot order, and communities leaving the site. This process
 * keeps no read cache, so the servers move the shared one on themselves (`pages-everywhere`).
 */
const PAGE_CHANGING_OPS = new Set<Operation['op']>([
  'admin',
  'ban',
  'unban',
  'mod',
  'fix-hotness',
  'add-all-users-to-community',
  'delete-unused-communities',
  'delete-user',
]);

/** The file system calls a backup makes; errors of other calls (a socket's) are the database's. */
const FILE_CALLS = new Set(['open', 'write', 'close', 'rename', 'fsync', 'stat']);
const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'no such folder',
  ENOTDIR: 'a part of the path is not a folder',
  EISDIR: 'that is a folder',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
};

/** Runs one operator command and returns what to print. Failures throw OperatorError or AppError. */
export async function runOperation(ctx: OperationContext, operation: Operation): Promise<string> {
  const done = await run(ctx, operation);
  const changed: Changed[] = [
    ...(PAGE_CHANGING_OPS.has(operation.op) ? (['pages-everywhere'] as const) : []),
    ...(SESSION_CHANGING_OPS.has(operation.op) ? (['sessions'] as const) : []),
  ];
  if (changed.length) await notifyPagesChanged(ctx.db, PAGES_CHANGED_CHANNEL, changed.join(' '));
  return done;
}

async function run(ctx: OperationContext, operation: Operation): Promise<string> {
  const { db } = ctx;
  switch (operation.op) {
    case 'migrate': {
      const applied = await migrate(db);
      return applied.length ? `Applied ${applied.join(', ')}.` : 'The database is up to date.';
    }
    case 'migrate-status': {
      const status = await migrationStatus(db);
      return [
        `Schema version ${status.current} of ${status.latest}.`,
        status.pending.length ? `Pending: ${status.pending.join(', ')}` : 'Nothing pending.',
      ].join('\n');
    }
    case 'admin': {
      const user = await makeAdmin(db, operation.username, operation.add, ctx.clock());
      return operation.add
        ? `@${user.username} is now an admin.`
        : `@${user.username} is no longer an admin.`;
    }
    case 'ban': {
      const user = await banUser(db, operation.username, ctx.clock());
      return `@${user.username} is banned site-wide; their sessions have ended.`;
    }
    case 'unban': {
      const user = await unbanUser(db, operation.username);
      return `@${user.username} is no longer banned.`;
    }
    case 'password': {
      const problem = checkPassword(operation.password);
      if (problem)
        throw new OperatorError(
          problem === 'empty' ? 'The password is empty.' : 'Password too short: use at least 8 characters.',
        );
      const user = await resetPassword(db, operation.username, operation.password);
      return `Password of @${user.username} changed; their sessions have ended.`;
    }
    case 'logout': {
      const { user, ended } = await endUserSessions(db, operation.username);
      return `Ended ${ended} session${ended === 1 ? '' : 's'} of @${user.username}.`;
    }
    case 'signups': {
      await changeSiteSettings(db, null, { signupsDisabled: !operation.enabled }, ctx.clock());
      return operation.enabled ? 'Signups are open.' : 'Signups are disabled.';
    }
    case 'user': {
      const user = await findUserByName(db, operation.username);
      if (!user) throw new OperatorError(`There is no user named ${operation.username}.`);
      return [
        `@${user.username} (id ${user.id}, #${user.user_index})`,
        `  admin: ${user.is_admin ? 'yes' : 'no'}   banned: ${user.banned_at ? user.banned_at.toISOString() : 'no'}   deleted: ${user.deleted_at ? user.deleted_at.toISOString() : 'no'}`,
        `  points: ${user.points}   posts: ${user.no_posts}   comments: ${user.no_comments}`,
        `  joined: ${user.created_at.toISOString()}   last seen: ${user.last_seen?.toISOString() ?? 'never'}`,
        `  email: ${user.email ?? '(none)'}`,
      ].join('\n');
    }
    case 'status': {
      const [status, users, settings] = await Promise.all([
        migrationStatus(db),
        countUsers(db),
        getSiteSettings(db),
      ]);
      const admins = await adminUsernames(db);
      return [
        `Database: ${where(ctx)}.`,
        `Schema version ${status.current} of ${status.latest}${status.pending.length ? ` (${status.pending.length} pending)` : ''}.`,
        `Accounts: ${users} (including the system accounts ghost and nobody).`,
        `Admins: ${admins.length ? admins.map((name) => `@${name}`).join(', ') : 'none yet (npm run cli -- admin add <username>)'}.`,
        `Signups: ${settings.signupsDisabled ? 'disabled' : 'open'}.`,
      ].join('\n');
    }
    case 'backup': {
      const summary = await writeBackup(db, operation.file, ctx.engine).catch((error: unknown) => {
        // The file system's refusal is the operator's to fix, said in a line as every other refusal of
        // the CLI; a database that cannot be reached is not (its errors carry no file system call).
        const failure = error as NodeJS.ErrnoException;
        if (failure.syscall && FILE_CALLS.has(failure.syscall)) {
          const why = FILE_PROBLEMS[failure.code ?? ''] ?? failure.message;
          throw new OperatorError(`Cannot write the backup to ${operation.file}: ${why}.`);
        }
        throw error;
      });
      return `Backed up ${summary.rows} rows of ${summary.tables} tables (schema version ${summary.schemaVersion}) to ${operation.file}.`;
    }
    case 'ipblocks-list':
      return operatorListBlocks(ctx);
    case 'ipblocks-lift': {
      const lifted = await operatorLiftBlocks(ctx, operation.which);
      if (operation.which === 'all') {
        return lifted.length ? `Lifted ${lifted.length} IP block(s).` : 'No IP blocks were in effect.';
      }
      if (lifted.length === 0) throw new OperatorError(`No IP block #${operation.which} is in effect.`);
      return `Lifted IP block #${operation.which}.`;
    }
    case 'mod':
      return setModeratorByOperator(db, operation.community, operation.username, operation.add, ctx.clock());
    case 'fix-hotness':
      return fixHotness(db);
    case 'add-all-users-to-community':
      return addEveryoneToCommunity(db, operation.community);
    case 'delete-unused-communities':
      return deleteUnusedCommunities(db, operation.days, operation.dryRun, ctx.clock());
    case 'new-badge':
      return newBadgeType(db, operation.name);
    case 'delete-user':
      return deleteUserByOperator(ctx, operation.username, operation.purge);
    case 'image-path':
      return imageFolder(db, ctx.config.dataDir, operation.imageId);
    case 'restore': {
      // Running servers hear of it (RESTORED_CHANNEL) and reload the secret's keys.
      const summary = await restoreBackup(db, operation.file);
      return `Restored ${summary.rows} rows from ${operation.file} (made at schema version ${summary.schemaVersion}).`;
    }
  }
}
