import { describe, expect, it } from 'vitest';
import { databaseFailure, listenFailure } from './start-errors.js';

const failing = (code: string, message = `failed with ${code}`) =>
  Object.assign(new Error(message), { code });

describe('start-up failures said in a line that names the setting', () => {
  const at = { host: '0.0.0.0', port: 8080 };

  it('a port taken or forbidden, an address not of this machine', () => {
    expect(listenFailure(failing('EADDRINUSE'), at)).toMatch(/^PORT 8080 is in use on 0\.0\.0\.0/);
    expect(listenFailure(failing('EACCES'), at)).toMatch(/may not listen on PORT 8080/);
    for (const code of ['EADDRNOTAVAIL', 'ENOTFOUND'])
      expect(listenFailure(failing(code), { ...at, host: '999.1.1.1' })).toMatch(/^HOST 999\.1\.1\.1 is not/);
    expect(listenFailure(new Error('a fault of ours'), at)).toBeNull();
  });

  it("a database that refuses, named without the URL's password; other errors keep their stack", () => {
    const external = { databaseUrl: 'postgres://site:hunter2@db.example:6543/forum', dataDir: '/srv/data' };
    const refused = databaseFailure(failing('ECONNREFUSED', 'connect ECONNREFUSED'), external);
    expect(refused).toBe(
      'cannot use the PostgreSQL server of DATABASE_URL (db.example:6543/forum): connect ECONNREFUSED.',
    );
    for (const code of ['3D000', '28P01', '53300', '08006'])
      expect(databaseFailure(failing(code), external)).toMatch(/^cannot use the PostgreSQL server/);
    expect(databaseFailure(failing('53300'), { databaseUrl: null, dataDir: '/srv/data' })).toMatch(
      /^cannot use the embedded database in \/srv\/data:/,
    );
    // A statement's own error (here a syntax error) is not about reaching the database.
    expect(databaseFailure(failing('42601'), external)).toBeNull();
    expect(databaseFailure(new Error('a fault of ours'), external)).toBeNull();
  });
});
