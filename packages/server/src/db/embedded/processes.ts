import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** Whether a process exists (EPERM: it does, but belongs to another user). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface ProcessInfo {
  parentPid: number;
  /** The program's name, e.g. `postgres`. */
  command: string;
}

/** A process's parent and program name: from /proc on Linux, from `ps` elsewhere. Null when gone. */
export function processInfo(pid: number): ProcessInfo | null {
  if (!isAlive(pid)) return null;
  if (process.platform === 'linux') {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // pid (comm) state ppid …: comm may itself hold spaces and parentheses, so cut at the last ')'.
      const close = stat.lastIndexOf(')');
      const command = stat.slice(stat.indexOf('(') + 1, close);
      const parentPid = Number(stat.slice(close + 2).split(' ')[1]);
      return { parentPid, command };
    } catch {
      return null;
    }
  }
  const ps = spawnSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8' });
  const match = /^\s*(\d+)\s+(.+)$/m.exec(ps.stdout ?? '');
  if (!match) return null;
  return { parentPid: Number(match[1]), command: match[2]!.trim().split('/').pop()! };
}

/** Resolves true when the process is gone, false if it is still there after `timeoutMs`. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}
