import { Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgTypes } from '../src/db/engine.js';
import { anyOf, NamedStatementsDialect, prepared, StatementNames } from '../src/db/named-statements.js';
import type { DB } from '../src/db/schema.js';
import { openTestDatabase } from './harness.js';
import type { Database } from '../src/db/engine.js';

/**
 * Named statements (docs/decisions.md, prepared statements): what `prepared` marks is parsed once per
 * connection and kept there under a name made from its text; what it does not mark runs unnamed; the
 * number of texts named is bounded; array parameters keep one text for any number of ids.
 */
describe('named statements', () => {
  let database: Database;
  let pool: pg.Pool;
  let names: StatementNames;
  let db: Kysely<DB>;

  /** The statements prepared on the one connection of the pool. */
  async function preparedTexts(): Promise<string[]> {
    const { rows } = await sql<{
      statement: string;
    }>`SELECT statement FROM pg_prepared_statements ORDER BY prepare_time`.execute(db);
    return rows.map((r) => r.statement);
  }

  beforeAll(async () => {
    database = await openTestDatabase();
    // One connection, so that every statement below meets the same session's prepared statements.
    pool = new pg.Pool({ ...database.connection, max: 1, types: pgTypes });
    names = new StatementNames(2);
    db = new Kysely<DB>({ dialect: new NamedStatementsDialect(pool, names) });
  });
  afterAll(async () => {
    await db.destroy();
    await database.close();
  });

  it('prepares a marked statement once per connection, under a name from its text', async () => {
    const byIds = (ids: string[]) =>
      prepared(db).selectFrom('users').select('id').where('id', '=', anyOf(ids)).execute();
    await byIds(['a'.repeat(24)]);
    await byIds(['b'.repeat(24), 'c'.repeat(24), 'd'.repeat(24)]);
    await byIds([]);
    const texts = (await preparedTexts()).filter((t) => t.includes('"users"'));
    expect(texts).toEqual(['select "id" from "users" where "id" = any($1::text[])']);
    expect(names.size).toBe(1);
    // Unmarked statements run unnamed, as before.
    await db.selectFrom('communities').select('id').execute();
    expect((await preparedTexts()).some((t) => t.includes('"communities"'))).toBe(false);
  });

  it('names at most its bound of distinct texts; the rest run unnamed and still answer', async () => {
    const posts = await prepared(db).selectFrom('posts').select('id').limit(1).execute();
    expect(posts).toEqual([]);
    expect(names.size).toBe(2);
    const comments = await prepared(db).selectFrom('comments').select('id').limit(1).execute();
    expect(comments).toEqual([]);
    expect(names.size).toBe(2);
    const texts = await preparedTexts();
    expect(texts.some((t) => t.includes('"posts"'))).toBe(true);
    expect(texts.some((t) => t.includes('"comments"'))).toBe(false);
  });

  it('works inside a transaction, and a failing statement leaves the name usable', async () => {
    const find = (id: string) =>
      prepared(db)
        .selectFrom('users')
        .select('id')
        .where('id', '=', anyOf([id]))
        .execute();
    await db.transaction().execute(async (trx) => {
      expect(
        await prepared(trx as Kysely<DB>)
          .selectFrom('users')
          .select('id')
          .where('id', '=', anyOf([]))
          .execute(),
      ).toEqual([]);
    });
    await expect(
      db.transaction().execute(async (trx) => {
        await prepared(trx as Kysely<DB>)
          .selectFrom('users')
          .select('id')
          .where('id', '=', anyOf(['x']))
          .execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await find('e'.repeat(24))).toEqual([]);
  });
  it('prepares a statement anew when its table changed its row type under it (a restore)', async () => {
    const own = new pg.Pool({ ...database.connection, max: 1, types: pgTypes });
    const ownNames = new StatementNames();
    const ownDb = new Kysely<DB>({ dialect: new NamedStatementsDialect(own, ownNames) });
    try {
      await sql`CREATE TABLE probe_rows (a int); INSERT INTO probe_rows VALUES (1)`.execute(ownDb);
      const all = () => sql<Record<string, number>>`SELECT * FROM probe_rows`.execute(prepared(ownDb));
      expect((await all()).rows).toEqual([{ a: 1 }]);
      expect(ownNames.size).toBe(1);

      // PostgreSQL refuses a prepared statement whose result would change: it runs again, named anew.
      await sql`ALTER TABLE probe_rows ADD COLUMN b int DEFAULT 2`.execute(ownDb);
      expect((await all()).rows).toEqual([{ a: 1, b: 2 }]);

      // Inside a transaction the refusal ends the transaction; the next statement gets the new name.
      await sql`ALTER TABLE probe_rows ADD COLUMN c int DEFAULT 3`.execute(ownDb);
      await expect(
        ownDb
          .transaction()
          .execute((trx) => sql`SELECT * FROM probe_rows`.execute(prepared(trx as Kysely<DB>))),
      ).rejects.toThrow('cached plan must not change result type');
      expect((await all()).rows).toEqual([{ a: 1, b: 2, c: 3 }]);
    } finally {
      await sql`DROP TABLE IF EXISTS probe_rows`.execute(ownDb);
      await ownDb.destroy();
    }
  });
});

describe("the site's connections", () => {
  it('run without JIT compilation, whatever the server’s setting', async () => {
    const database = await openTestDatabase();
    try {
      // Several at once, so that more than one pooled connection is opened and each is checked.
      const settings = await Promise.all(
        Array.from({ length: 3 }, () =>
          database.db.connection().execute(async (conn) => {
            const { rows } = await sql<{ jit: string }>`SHOW jit`.execute(conn);
            await sql`SELECT pg_sleep(0.05)`.execute(conn);
            return rows[0]!.jit;
          }),
        ),
      );
      expect(settings).toEqual(['off', 'off', 'off']);
    } finally {
      await database.close();
    }
  });
});
