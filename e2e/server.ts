import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '..');
const serverMain = path.join(repoRoot, 'packages/server/dist/main.js');
const cliMain = path.join(repoRoot, 'packages/server/dist/cli.js');

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** Sends the signal and resolves with the exit code (null when killed by a signal). */
  kill(signal: NodeJS.Signals): Promise<number | null>;
  stop(): Promise<void>;
}

export function tempDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'commons-e2e-'));
}

/**
 * Starts the built server (packages/server/dist) on a free port; resolves when it listens. Without a
 * DATA_DIR in `env` it gets a new temporary one.
 */
export async function startServer(
  env: Record<string, string> = {},
  as: { uid: number; gid: number } | null = null,
): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? tempDataDir();
  const child = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    ...(as ?? {}),
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      if (process.env.E2E_SERVER_LOG === 'on') process.stderr.write(chunk);
      output += chunk.toString();
      const match = /is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1').replace(/\/$/, ''));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    kill,
    stop: async () => void (await kill('SIGTERM')),
  };
}

/** Runs an operator command against a data directory (through the running server, if one holds it). */
export function cli(dataDir: string, ...args: string[]): { code: number; out: string } {
  return runCli({ DATA_DIR: dataDir }, args);
}

/** Runs an operator command with the given settings, optionally feeding `input` on stdin. */
export function runCli(
  env: Record<string, string>,
  args: string[],
  input?: string,
): { code: number; out: string } {
  const result = spawnSync(process.execPath, [cliMain, ...args], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 90_000,
    ...(input === undefined ? {} : { input }),
  });
  return { code: result.status ?? -1, out: `${result.stdout}${result.stderr}` };
}

/**
 * The CLI with its standard output going into `file`, as a shell's `> file` has it (`redirect`) or
 * through a pipe, as `| cat > file` does; what it says on standard error is returned.
 */
export function runCliInto(
  env: Record<string, string>,
  args: string[],
  file: string,
  how: 'redirect' | 'pipe',
): { code: number; err: string } {
  const fd = how === 'redirect' ? fs.openSync(file, 'w') : null;
  try {
    const result = spawnSync(process.execPath, [cliMain, ...args], {
      cwd: repoRoot,
      env: { ...process.env, LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', fd ?? 'pipe', 'pipe'],
      timeout: 90_000,
    });
    if (fd === null) fs.writeFileSync(file, result.stdout);
    return { code: result.status ?? -1, err: result.stderr.toString() };
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}
