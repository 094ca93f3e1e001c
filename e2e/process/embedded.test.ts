import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli, startServer, tempDataDir, type RunningServer } from '../server';
import { gone, postmasterPid, settings } from './embedded';
import { Visitor } from './visitor';

/**
 * The embedded default as a process: the site runs its own PostgreSQL in DATA_DIR/postgres, stops it on
 * the way out (within a bounded time), cleans up after a SIGKILL, refuses a second server, and the CLI
 * shares the running server's database or starts one for the command.
 */
describe('the embedded PostgreSQL', () => {
  const servers: RunningServer[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
  });

  it('runs the CLI with the server stopped, starting the database for the command and stopping it after', async () => {
    const dataDir = tempDataDir();
    const env = { ...settings, DATA_DIR: dataDir };
    const none = runCli(env, ['status']);
    expect(none.code).toBe(1);
    expect(none.out).toContain('There is no database');
    // The settings as the CLI shows them keep the passwords of the connection URLs to themselves.
    const shown = runCli(
      {
        ...env,
        DATABASE_URL: 'postgres://site:hunter2@127.0.0.1:1/site',
        REDIS_URL: 'redis://:hunter3@127.0.0.1:1/0',
      },
      ['print-config'],
    );
    expect(shown.code, shown.out).toBe(0);
    expect(shown.out).toContain('databaseUrl: "postgres://site:(set)@127.0.0.1:1/site"');
    expect(shown.out).not.toMatch(/hunter[23]/);

    expect(runCli(env, ['migrate']).out).toContain('Applied 0001_foundation');
    const status = runCli(env, ['status']);
    expect(status.code, status.out).toBe(0);
    expect(status.out).toContain(`Database: embedded PostgreSQL in ${dataDir}, started for this command.`);
    expect(postmasterPid(dataDir)).toBeNull();
    // Owner-only: the cluster's folder (PostgreSQL insists) and the log.
    expect(fs.statSync(path.join(dataDir, 'postgres')).mode & 0o077).toBe(0);
    expect(fs.statSync(path.join(dataDir, 'postgres.log')).mode & 0o077).toBe(0);

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
    // More than a command takes is said, not ignored (one admin of the two named would be made).
    const extra = runCli(env, ['admin', 'add', 'alice_cli', 'bob_cli']);
    expect(extra.code).toBe(2);
    expect(extra.out).toContain('Unexpected after admin: bob_cli.');
    expect(runCli(env, ['password', 'alice_cli', '--bogus']).out).toContain(
      'Unknown option for password: --bogus.',
    );
    expect(postmasterPid(dataDir)).toBeNull();

    const again = await startServer(env);
    servers.push(again);
    expect((await new Visitor(again.url).login('alice_cli', 'a brand new password')).status).toBe(200);
  });

  it('shares the running server’s database with the CLI, refuses a second server, backs up and restores', async () => {
    const dataDir = tempDataDir();
    const env = { ...settings, DATA_DIR: dataDir };
    const server = await startServer(env);
    servers.push(server);
    const visitor = new Visitor(server.url);
    expect((await visitor.signup('bob_cli')).status).toBe(201);

    const status = runCli(env, ['status']);
    expect(status.out).toContain(`shared with the running server (pid ${server.process.pid})`);
    expect(runCli(env, ['admin', 'add', 'bob_cli']).out).toContain('@bob_cli is now an admin.');
    expect((await visitor.request('GET', '/api/users/bob_cli')).json.isAdmin).toBe(true);
    // The CLI leaves the server's database running.
    expect((await visitor.request('GET', '/healthz')).status).toBe(200);

    await expect(startServer(env)).rejects.toThrow(
      new RegExp(`in use by a running Commons server \\(pid ${server.process.pid}\\)`),
    );

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
    fs.rmSync(backup, { force: true });
    fs.rmSync(damaged, { force: true });
  });

  it('after a SIGKILL, stops the database the dead server left running and carries on', async () => {
    const dataDir = tempDataDir();
    const env = { ...settings, DATA_DIR: dataDir };
    const first = await startServer(env);
    expect((await new Visitor(first.url).signup('before_kill')).status).toBe(201);
    const orphan = postmasterPid(dataDir)!;
    await first.kill('SIGKILL');
    // The database outlives the killed process…
    expect(postmasterPid(dataDir)).toBe(orphan);

    // …and the next start finds it, stops it and starts its own.
    const second = await startServer(env);
    servers.push(second);
    expect(second.output()).toMatch(
      /Stopped a database server \(pid \d+\) left running by an earlier Commons server/,
    );
    expect(await gone(orphan, 1_000)).toBe(true);
    expect(postmasterPid(dataDir)).not.toBe(orphan);
    expect((await new Visitor(second.url).login('before_kill')).status).toBe(200);
  });
});
