import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServer, tempDataDir, type RunningServer } from '../server';
import { Visitor } from './visitor';

const settings = { SERVE_WEB: 'off', CAPTCHA: 'off', RATE_LIMITS: 'off' };

/**
 * The operator CLI on the embedded database: it opens the data directory itself when no server runs,
 * and hands its command to the running server (over the local socket) when one does.
 */
describe('the CLI on the embedded database', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('works with the server stopped', async () => {
    const dataDir = tempDataDir();
    const env = { ...settings, DATA_DIR: dataDir };
    const none = runCli(env, ['status']);
    expect(none.code).toBe(1);
    expect(none.out).toContain('There is no database');

    expect(runCli(env, ['migrate']).out).toContain('Applied 0001_foundation');
    const status = runCli(env, ['status']);
    expect(status.code, status.out).toBe(0);
    expect(status.out).toContain('embedded database');
    expect(status.out).toContain('through this command');

    const server = await startServer(env);
    expect((await new Visitor(server.url).signup('alice_cli')).status).toBe(201);
    await server.stop();

    expect(runCli(env, ['admin', 'add', 'ALICE_CLI']).out).toContain('@alice_cli is now an admin.');
    expect(runCli(env, ['admin', 'add', 'alice_cli']).code).toBe(1);
    expect(runCli(env, ['admin', 'remove', 'alice_cli']).out).toContain('no longer an admin');
    const password = runCli(env, ['password', 'alice_cli', '--password-stdin'], 'a brand new password\n');
    expect(password.code, password.out).toBe(0);
    expect(runCli(env, ['password', 'alice_cli', '--password-stdin'], 'short\n').out).toContain(
      'Password too short',
    );
    expect(runCli(env, ['ban', 'nobody_here']).out).toContain('There is no user named nobody_here');

    const again = await startServer(env);
    servers.push(again);
    expect((await new Visitor(again.url).login('alice_cli', 'a brand new password')).status).toBe(200);
  });

  it('hands commands to a running server, refuses a second server, and backs up and restores', async () => {
    const dataDir = tempDataDir();
    const env = { ...settings, DATA_DIR: dataDir };
    const server = await startServer(env);
    servers.push(server);
    const visitor = new Visitor(server.url);
    expect((await visitor.signup('bob_cli')).status).toBe(201);

    const status = runCli(env, ['status']);
    expect(status.out).toContain('through the running server');
    expect(runCli(env, ['admin', 'add', 'bob_cli']).out).toContain('@bob_cli is now an admin.');
    expect((await visitor.request('GET', '/api/users/bob_cli')).json.isAdmin).toBe(true);

    // The data directory belongs to one server at a time.
    await expect(startServer(env)).rejects.toThrow(/in use by a running Commons server/);

    const backup = path.join(os.tmpdir(), `commons-backup-${process.pid}.jsonl.gz`);
    const made = runCli(env, ['backup', backup]);
    expect(made.code, made.out).toBe(0);
    expect(fs.statSync(backup).mode & 0o777).toBe(0o600);
    expect((await new Visitor(server.url).signup('after_backup')).status).toBe(201);

    // Without --yes and without a terminal to ask, nothing is replaced.
    expect(runCli(env, ['restore', backup]).code).not.toBe(0);
    const restored = runCli(env, ['restore', backup, '--yes']);
    expect(restored.code, restored.out).toBe(0);
    expect((await visitor.request('GET', '/api/users/after_backup')).status).toBe(404);
    expect((await visitor.request('GET', '/api/users/bob_cli')).status).toBe(200);
    // Sessions come back with the backup: bob is still logged in.
    expect((await visitor.request('GET', '/api/_user')).json.username).toBe('bob_cli');

    const damaged = path.join(os.tmpdir(), `commons-damaged-${process.pid}.gz`);
    fs.writeFileSync(damaged, fs.readFileSync(backup).subarray(0, 200));
    const refused = runCli(env, ['restore', damaged, '--yes']);
    expect(refused.code).toBe(1);
    expect((await visitor.request('GET', '/api/users/bob_cli')).status).toBe(200);
  });

  it('recovers a stale lock after a crash', async () => {
    const dataDir = tempDataDir();
    const env = { ...settings, DATA_DIR: dataDir };
    const first = await startServer(env);
    await first.kill('SIGKILL');
    expect(fs.existsSync(path.join(dataDir, 'commons.lock'))).toBe(true);
    const status = runCli(env, ['status']);
    expect(status.code, status.out).toBe(0);
    const second = await startServer(env);
    servers.push(second);
    expect((await new Visitor(second.url).request('GET', '/healthz')).status).toBe(200);
  });
});
