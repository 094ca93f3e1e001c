import crypto from 'node:crypto';
import {
  PostgresDialect,
  sql,
  type RawBuilder,
  PostgresQueryCompiler,
  type CompiledQuery,
  type Kysely,
  type KyselyPlugin,
  type PostgresPool,
  type PostgresPoolClient,
  type QueryCompiler,
  type QueryId,
  type RootOperationNode,
} from 'kysely';
import type pg from 'pg';

/**
 * Named (prepared) statements for the hot reads (docs/decisions.md, prepared statements). node-postgres
 * parses a statement once per connection when it is given a `name`, and PostgreSQL then skips parsing
 * it again (and planning too, once it settles on a generic plan). A repository asks for it with
 * `prepared(db)`; the name is derived from the SQL text, so every text has its own, and the number of
 * texts named is bounded: past the bound, statements run unnamed as before. Texts stay stable when lists
 * go in as one array parameter (`= ANY($1)`), not an IN list of one parameter per element.
 */

/** Distinct statement texts that may run named, per process (and so per connection at most). */
export const MAX_NAMED_STATEMENTS = 256;

/** Root nodes of the statements asked to run named: marked by the plugin, read by the compiler. */
const marked = new WeakSet<RootOperationNode>();

const markPlugin: KyselyPlugin = {
  transformQuery: ({ node }) => {
    marked.add(node);
    return node;
  },
  transformResult: ({ result }) => Promise.resolve(result),
};

const preparedOf = new WeakMap<object, object>();

/**
 * The same database, whose statements run named: for the few statements every page runs. Its plugin
 * must be the last one (it marks the node that is compiled), which it is when called where the
 * statement is built.
 */
export function prepared<T>(db: Kysely<T>): Kysely<T> {
  let named = preparedOf.get(db) as Kysely<T> | undefined;
  if (!named) {
    named = db.withPlugin(markPlugin);
    preparedOf.set(db, named);
  }
  return named;
}

/** Statement texts chosen to run named, and their names. */
export class StatementNames {
  readonly #names = new Map<string, string>();
  #generation = 0;

  constructor(readonly max = MAX_NAMED_STATEMENTS) {}

  choose(text: string): void {
    if (this.#names.has(text) || this.#names.size >= this.max) return;
    const hash = crypto.createHash('sha1').update(text).digest('base64url').slice(0, 22);
    this.#names.set(text, `k${this.#generation}_${hash}`);
  }

  nameOf(text: string): string | undefined {
    return this.#names.get(text);
  }

  /**
   * New names for every text, so that each connection prepares them afresh: after the schema changed
   * under the process (a restore recreates every table), a statement prepared before may no longer
   * return the row type it was prepared with. The old names stay on their connections, unused.
   */
  renew(): void {
    this.#generation += 1;
    this.#names.clear();
  }

  get size(): number {
    return this.#names.size;
  }
}

/** PostgreSQL's refusal to run a prepared statement whose tables changed their row type under it. */
function isStalePlan(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}

class ChoosingCompiler extends PostgresQueryCompiler implements QueryCompiler {
  constructor(private readonly names: StatementNames) {
    super();
  }

  override compileQuery(node: RootOperationNode, queryId: QueryId): CompiledQuery {
    const compiled = super.compileQuery(node, queryId);
    if (marked.has(node)) this.names.choose(compiled.sql);
    return compiled;
  }
}

/** A pool whose clients send a chosen text under its name. */
function namingPool(pool: pg.Pool, names: StatementNames): PostgresPool {
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrapped.get(client);
      if (!wrapper) {
        let inTransaction = false;
        wrapper = {
          query: (async (text: unknown, values?: readonly unknown[]) => {
            // A cursor (streamed query) passes through as it came.
            if (typeof text !== 'string') return client.query(text as never);
            // Kysely opens and ends its transactions with these texts on the same client.
            if (/^\s*(begin|start transaction)\b/i.test(text)) inTransaction = true;
            else if (/^\s*(commit|rollback)\b/i.test(text)) inTransaction = false;
            const run = () => {
              const name = names.nameOf(text);
              const config = { text, values: values as unknown[] };
              return client.query(name === undefined ? config : { name, ...config });
            };
            try {
              return await run();
            } catch (error) {
              if (!isStalePlan(error)) throw error;
              names.renew();
              // Outside a transaction the statement runs again, prepared anew; inside one, the failure
              // has ended the transaction, and the next request finds the new names.
              if (inTransaction) throw error;
              names.choose(text);
              return run();
            }
          }) as unknown as PostgresPoolClient['query'],
          release: () => client.release(),
        };
        wrapped.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/** Kysely's PostgreSQL dialect, with the statements `prepared` marks sent named. */
export class NamedStatementsDialect extends PostgresDialect {
  readonly names: StatementNames;

  constructor(pool: pg.Pool, names = new StatementNames()) {
    super({ pool: namingPool(pool, names) });
    this.names = names;
  }

  override createQueryCompiler(): QueryCompiler {
    return new ChoosingCompiler(this.names);
  }
}

/**
 * `= ANY(array)` of these ids as one parameter, for `where(column, '=', anyOf(ids))`: one statement
 * text however many ids there are, where an IN list gives a text (and a name) per length.
 */
export function anyOf(ids: Iterable<string>): RawBuilder<string> {
  return sql<string>`any(${[...new Set(ids)]}::text[])`;
}
