import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DataDirLock,
  DataDirLockedError,
  liveLockHolder,
  lockFilePath,
  readLock,
  type LockInfo,
} from './data-dir-lock.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const lockModule = path.join(import.meta.dirname, 'data-dir-lock.ts');

/** Another process that takes the lock through the real code and holds it until its stdin ends. */
async function holderProcess(
  dataDir: string,
  role: LockInfo['role'],
): Promise<ChildProcessWithoutNullStreams> {
  const script = `
    import { DataDirLock } from ${JSON.stringify(lockModule)};
    const lock = DataDirLock.acquire(process.argv[1], process.argv[2]);
    console.log('locked');
    process.stdin.resume();
    process.stdin.on('end', () => { lock.release(); process.exit(0); });
  `;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', script, dataDir, role],
    {
      cwd: repoRoot,
    },
  );
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the lock holder exited (${code}): ${output}`)));
  });
  return child;
}

/** The pid of a process that has finished. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', '']);
  expect(result.status).toBe(0);
  return result.pid;
}

function writeLock(dataDir: string, info: Partial<LockInfo>): void {
  const full: LockInfo = {
    pid: process.pid,
    hostname: os.hostname(),
    role: 'server',
    startedAt: new Date().toISOString(),
    ...info,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(lockFilePath(dataDir), JSON.stringify(full));
}

let dataDir: string;
beforeEach(() => {
  dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'commons-lock-')), 'data');
});
afterEach(() => {
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
});

describe('DataDirLock', () => {
  it('creates the data directory and an owner-only lock file naming this process, and releases it', () => {
    const before = Date.now();
    const lock = DataDirLock.acquire(dataDir, 'cli');
    const file = lockFilePath(dataDir);
    expect(file).toBe(path.join(dataDir, 'commons.lock'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const info = readLock(dataDir)!;
    expect(info).toEqual({
      pid: process.pid,
      hostname: os.hostname(),
      role: 'cli',
      startedAt: expect.any(String),
    });
    expect(new Date(info.startedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    lock.release();
    expect(fs.existsSync(file)).toBe(false);
    expect(readLock(dataDir)).toBeNull();
    DataDirLock.acquire(dataDir, 'server').release(); // free again
    lock.release(); // releasing twice is harmless
  });

  it('refuses while another live process holds the lock, then takes it over once that process is gone', async () => {
    const child = await holderProcess(dataDir, 'server');
    try {
      expect(liveLockHolder(dataDir)).toMatchObject({ pid: child.pid, role: 'server' });
      let refusal: unknown;
      try {
        DataDirLock.acquire(dataDir, 'cli');
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DataDirLockedError);
      const locked = refusal as DataDirLockedError;
      expect(locked.message).toBe(
        `The data directory is in use by a running Commons server (pid ${child.pid}).`,
      );
      expect(locked.holder.pid).toBe(child.pid);
      expect(locked.lockFile).toBe(lockFilePath(dataDir));
      expect(readLock(dataDir)?.pid).toBe(child.pid); // the holder's lock is untouched
    } finally {
      child.kill('SIGKILL');
      if (child.exitCode === null && child.signalCode === null) await once(child, 'exit');
    }
    // Killed without releasing: its lock is stale now.
    expect(readLock(dataDir)?.pid).toBe(child.pid);
    expect(liveLockHolder(dataDir)).toBeNull();
    const lock = DataDirLock.acquire(dataDir, 'cli');
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid, role: 'cli' });
    lock.release();
  });

  it('lets a holder that releases hand the lock on', async () => {
    const child = await holderProcess(dataDir, 'cli');
    child.stdin.end();
    await once(child, 'exit');
    expect(fs.existsSync(lockFilePath(dataDir))).toBe(false);
    DataDirLock.acquire(dataDir, 'server').release();
  });

  it('names a command holder differently from a server', () => {
    // The parent of this test process is alive and is not us.
    writeLock(dataDir, { pid: process.ppid, role: 'cli' });
    expect(() => DataDirLock.acquire(dataDir, 'server')).toThrow(
      `The data directory is in use by another Commons command (pid ${process.ppid}); try again when it has finished.`,
    );
  });

  it('takes over a stale lock whose process has died', () => {
    const pid = deadPid();
    writeLock(dataDir, { pid, role: 'server' });
    expect(liveLockHolder(dataDir)).toBeNull();
    const lock = DataDirLock.acquire(dataDir, 'server');
    expect(readLock(dataDir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockFilePath(dataDir), 'not json');
    const lock = DataDirLock.acquire(dataDir, 'cli');
    expect(readLock(dataDir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('assumes a lock from another machine is alive', () => {
    const pid = deadPid();
    writeLock(dataDir, { pid, hostname: `not-${os.hostname()}` });
    expect(liveLockHolder(dataDir)?.pid).toBe(pid);
    expect(() => DataDirLock.acquire(dataDir, 'cli')).toThrow(DataDirLockedError);
  });

  it('does not remove a lock that another process has taken over since', () => {
    const lock = DataDirLock.acquire(dataDir, 'cli');
    writeLock(dataDir, { pid: process.ppid });
    lock.release();
    expect(readLock(dataDir)?.pid).toBe(process.ppid);
  });
});
