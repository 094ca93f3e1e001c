import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';
import { embeddedLayout } from '../db/embedded/embedded-postgres.js';
import { imagesRoot } from '../images/image-store.js';

/*
 * What stops a start, said in one line that names the setting to change (README: "A bad value stops
 * the server with a message naming it"), for the failures that are the operator's to fix: a port
 * taken or forbidden, an address not of this machine, a PostgreSQL server that cannot be reached or
 * refuses, a data folder this user may not use. Anything else is a fault of ours and keeps its stack.
 */

interface SystemError {
  code?: unknown;
  message?: unknown;
}

function codeOf(error: unknown): string | null {
  return typeof error === 'object' && error !== null && typeof (error as SystemError).code === 'string'
    ? ((error as SystemError).code as string)
    : null;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Why the server could not listen on HOST and PORT, or null when it is not a setting's fault. */
export function listenFailure(error: unknown, config: Pick<Config, 'host' | 'port'>): string | null {
  switch (codeOf(error)) {
    case 'EADDRINUSE':
      return `PORT ${config.port} is in use on ${config.host} (by another program, or another Commons): stop it, or set PORT to a free port.`;
    case 'EACCES':
      return `this user may not listen on PORT ${config.port}: ports below 1024 need root. Set PORT to 1024 or above (with a reverse proxy in front for port 80 or 443).`;
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
      return `HOST ${config.host} is not an address of this machine: set HOST to one of its addresses, or to 0.0.0.0 for all of them.`;
    default:
      return null;
  }
}

/** `host:port/database` of a connection URL, without its user and password. */
function describeUrl(text: string): string {
  const url = new URL(text);
  return `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname}`;
}

/**
 * Why the site's database could not be used, or null when the error is not about reaching it: network
 * errors and PostgreSQL's refusals (SQLSTATE classes 08 connection, 28 authorization, 3D no such
 * database, 53 out of resources, such as too many connections). Connections open at first use, so
 * this is asked of whatever the first statements threw.
 */
export function databaseFailure(
  error: unknown,
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
): string | null {
  const code = codeOf(error);
  const reaching =
    code !== null &&
    (/^E[A-Z]+$/.test(code) ||
      code.startsWith('08') ||
      code.startsWith('28') ||
      code.startsWith('3D') ||
      code.startsWith('53'));
  if (!reaching && !/timeout/i.test(messageOf(error))) return null;
  const which = config.databaseUrl
    ? `the PostgreSQL server of DATABASE_URL (${describeUrl(config.databaseUrl)})`
    : `the embedded database in ${config.dataDir}`;
  return `cannot use ${which}: ${messageOf(error)}.`;
}

const EVERYTHING = fs.constants.R_OK | fs.constants.W_OK | fs.constants.X_OK;

/**
 * Why this process's user cannot use DATA_DIR, or null. Root reaches everything (the embedded
 * database's own user is checked where it starts); another user may meet a folder made by another
 * account, such as the server run as root once in a user's folder, or a command run as the wrong user.
 * With `embedded`, the database's folder is checked, or the nearest folder that would hold it.
 */
export function dataDirFailure(dataDir: string, embedded: boolean): string | null {
  if (typeof process.getuid !== 'function' || process.getuid() === 0) return null;
  const who = os.userInfo().username;
  const advice = `Run Commons as the user who owns it (or root), or set DATA_DIR to a folder this user may write.`;
  if (embedded) {
    let target = embeddedLayout(dataDir).clusterDir;
    for (;;) {
      try {
        fs.accessSync(target, EVERYTHING);
        break;
      } catch (error) {
        const code = codeOf(error);
        if (code === 'ENOENT' && path.dirname(target) !== target) {
          target = path.dirname(target);
          continue;
        }
        if (code === 'EACCES' || code === 'EPERM')
          return `this user (${who}) cannot use DATA_DIR (${dataDir}): permission denied on ${target}. ${advice}`;
        break;
      }
    }
  }
  // What another account made (root, say) where the site writes: the database's log and the images.
  const made = [...(embedded ? [embeddedLayout(dataDir).logFile] : []), imagesRoot(dataDir)];
  for (const target of made) {
    try {
      fs.accessSync(target, target.endsWith('.log') ? fs.constants.W_OK : EVERYTHING);
    } catch (error) {
      const code = codeOf(error);
      if (code === 'EACCES' || code === 'EPERM')
        return `this user (${who}) cannot write ${target} (made by another account, perhaps root). As root, give DATA_DIR back: chown -R ${who} ${dataDir}`;
    }
  }
  return null;
}

/** Running as root in a DATA_DIR another account owns: that account, for what the site writes there. */
export function dataDirOwner(dataDir: string): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  try {
    const stat = fs.statSync(dataDir);
    return stat.uid === 0 ? null : { uid: stat.uid, gid: stat.gid };
  } catch {
    return null;
  }
}
