import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** What the tests of the embedded default share (embedded.test.ts, embedded-shutdown.test.ts). */
export const settings = { SERVE_WEB: 'off', CAPTCHA: 'off', RATE_LIMITS: 'off' };
export const asRoot = process.getuid?.() === 0;

/** The embedded PostgreSQL's process id, from its own lock file; null when none runs. */
export function postmasterPid(dataDir: string): number | null {
  try {
    const pid = Number(
      fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

export async function gone(pid: number, withinMs: number): Promise<boolean> {
  const until = Date.now() + withinMs;
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function uidOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^Uid:\s+(\d+)/m.exec(status)![1]);
}

/** A request whose body never finishes: the server cannot close while it is in flight. */
export function hangingRequest(url: string): http.ClientRequest {
  const { hostname, port } = new URL(url);
  const request = http.request({
    hostname,
    port,
    method: 'POST',
    path: '/api/_login',
    headers: { 'content-type': 'application/json', 'content-length': '1000' },
  });
  request.on('error', () => {});
  request.write('{"username":');
  return request;
}
