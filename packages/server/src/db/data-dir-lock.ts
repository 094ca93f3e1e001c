import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time may open the embedded database: PGlite takes no lock of its own and two openers
 * corrupt it. The owner writes `commons.lock` (its pid, host and role) with an exclusive create; a lock
 * whose process is gone is stale and is taken over.
 */
export interface LockInfo {
  pid: number;
  hostname: string;
  role: 'server' | 'cli';
  startedAt: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly holder: LockInfo,
    readonly lockFile: string,
  ) {
    super(
      holder.role === 'server'
        ? `The data directory is in use by a running Commons server (pid ${holder.pid}).`
        : `The data directory is in use by another Commons command (pid ${holder.pid}); try again when it has finished.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(dataDir, 'commons.lock');
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function readLock(dataDir: string): LockInfo | null {
  try {
    return JSON.parse(fs.readFileSync(lockFilePath(dataDir), 'utf8')) as LockInfo;
  } catch {
    return null;
  }
}

/** The holder of the lock if it is alive, otherwise null (no lock, or a stale one). */
export function liveLockHolder(dataDir: string): LockInfo | null {
  const holder = readLock(dataDir);
  if (!holder) return null;
  if (holder.hostname !== os.hostname()) return holder; // another machine on a shared disk: assume alive
  return isAlive(holder.pid) && holder.pid !== process.pid ? holder : null;
}

export class DataDirLock {
  private constructor(private readonly file: string) {}

  /** Takes the lock or throws DataDirLockedError. A stale lock (its process is gone) is replaced. */
  static acquire(dataDir: string, role: LockInfo['role']): DataDirLock {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = lockFilePath(dataDir);
    const info: LockInfo = {
      pid: process.pid,
      hostname: os.hostname(),
      role,
      startedAt: new Date().toISOString(),
    };
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        fs.writeFileSync(file, JSON.stringify(info), { flag: 'wx', mode: 0o600 });
        return new DataDirLock(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = liveLockHolder(dataDir);
        if (holder) throw new DataDirLockedError(holder, file);
        // Stale: remove it and try again. Two processes racing here both unlink; only one wins the create.
        fs.rmSync(file, { force: true });
      }
    }
    throw new Error(`Could not take the lock ${file}.`);
  }

  release(): void {
    try {
      const holder = JSON.parse(fs.readFileSync(this.file, 'utf8')) as LockInfo;
      if (holder.pid === process.pid) fs.rmSync(this.file, { force: true });
    } catch {
      // already gone
    }
  }
}
