import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Who the embedded PostgreSQL runs as. PostgreSQL refuses to run as root, and containers often run
 * everything as root; then the database runs as an unprivileged account, chosen in this order: the
 * owner of the data directory when that is not root (a volume prepared for a user), an existing
 * `commons` account, one created now (`useradd`, or `adduser` on Alpine), or `nobody`.
 */
export interface DatabaseUser {
  name: string;
  uid: number;
  gid: number;
}

const ACCOUNT = 'commons';

function idOf(name: string): { uid: number; gid: number } | null {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function nameOf(uid: number): string {
  const result = spawnSync('id', ['-nu', String(uid)], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : `uid ${uid}`;
}

function createAccount(): boolean {
  const attempts: Array<[string, string[]]> = [
    [
      'useradd',
      ['--system', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', ACCOUNT],
    ],
    ['adduser', ['-S', '-D', '-H', '-s', '/sbin/nologin', ACCOUNT]],
  ];
  return attempts.some(([command, args]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0);
}

/** Null when this process is not root: the database then runs as this process's own user. */
export function chooseDatabaseUser(dataDir: string): DatabaseUser | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const owner = fs.statSync(dataDir);
  if (owner.uid !== 0) return { name: nameOf(owner.uid), uid: owner.uid, gid: owner.gid };
  const existing = idOf(ACCOUNT) ?? (createAccount() ? idOf(ACCOUNT) : null);
  if (existing) return { name: ACCOUNT, ...existing };
  const nobody = idOf('nobody');
  if (nobody) return { name: 'nobody', ...nobody };
  throw new Error(
    `Running as root, the embedded database needs an unprivileged account to run as, and none could be found or created (${ACCOUNT}, nobody). Create one, or run Commons as an ordinary user.`,
  );
}

/** Whether `user` passes each `test` check (`-x`: search a folder or run a program; `-r`, `-w`), asked as that user. */
export function canReach(user: DatabaseUser, checks: Array<['-x' | '-r' | '-w', string]>): boolean {
  const script = checks.map(([flag, p]) => `test ${flag} '${p.replaceAll("'", "'\\''")}'`).join(' && ');
  const result = spawnSync('/bin/sh', ['-c', script], { uid: user.uid, gid: user.gid, stdio: 'ignore' });
  return result.status === 0;
}
