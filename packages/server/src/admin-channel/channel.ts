import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../lib/errors.js';
import { OperatorError } from '../users/users.service.js';
import { BackupFormatError } from '../operations/backup.js';
import { runOperation, type Operation, type OperationContext } from '../operations/operations.js';

/**
 * The operator channel: while the server holds the embedded database (PGlite allows one process per
 * data directory), the CLI hands its command to the server over a Unix socket that only the owner of
 * the data directory can open. One JSON line in, one JSON line out.
 */
export function channelPath(dataDir: string): string {
  const inDataDir = path.join(dataDir, 'commons.sock');
  // Unix socket paths are limited to about 104 bytes; a long data directory path gets one in /tmp.
  if (Buffer.byteLength(inDataDir) < 100) return inDataDir;
  const digest = crypto.createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `commons-${digest}.sock`);
}

interface Reply {
  ok: boolean;
  output?: string;
  error?: string;
}

function messageOf(error: unknown): string | null {
  if (error instanceof OperatorError || error instanceof AppError || error instanceof BackupFormatError) {
    return error.message;
  }
  if ((error as NodeJS.ErrnoException).code?.startsWith('E')) return (error as Error).message;
  return null;
}

export async function startChannel(
  context: OperationContext,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  const socketPath = channelPath(context.config.dataDir);
  fs.rmSync(socketPath, { force: true }); // left by a crash; we hold the data directory lock
  const server = net.createServer((socket) => {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline === -1) return;
      const line = buffer.slice(0, newline);
      socket.removeAllListeners('data');
      void handle(line).then((reply) => socket.end(JSON.stringify(reply) + '\n'));
    });
    socket.on('error', () => socket.destroy());
  });

  async function handle(line: string): Promise<Reply> {
    let operation: Operation;
    try {
      operation = JSON.parse(line) as Operation;
    } catch {
      return { ok: false, error: 'Malformed request.' };
    }
    try {
      log.info({ operation: operation.op }, 'operator command');
      return { ok: true, output: await runOperation(context, operation) };
    } catch (error) {
      const message = messageOf(error);
      if (message === null) log.error({ err: error, operation: operation.op }, 'operator command failed');
      return { ok: false, error: message ?? 'The command failed; the server log has the details.' };
    }
  }

  const oldMask = process.umask(0o177); // the socket is created owner-only
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(oldMask);
  }
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(socketPath, { force: true });
    },
  };
}

/** Sends one command to the running server and returns what it printed. */
export function sendToServer(dataDir: string, operation: Operation): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(channelPath(dataDir));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(JSON.stringify(operation) + '\n'));
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(data) as Reply);
      } catch {
        reject(new Error('The server closed the channel without an answer.'));
      }
    });
    socket.on('error', reject);
  });
}
