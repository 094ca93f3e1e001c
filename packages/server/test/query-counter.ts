import {
  PostgresQueryCompiler,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';

/**
 * Counts the statements the app runs (given to `createTestApp` as `queries`), keeping their SQL, so a
 * test can say how many one request makes and show them when the number is wrong. A plugin sees every
 * statement made through the app's Kysely, raw `sql` ones included; a transaction's BEGIN and COMMIT
 * are not counted.
 */
export class QueryCounter implements KyselyPlugin {
  readonly statements: string[] = [];
  readonly #compiler = new PostgresQueryCompiler();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    this.statements.push(this.#compiler.compileQuery(args.node, args.queryId).sql);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }

  /** The statements `run` made (while nothing else runs on the app), in order. */
  async during(run: () => Promise<unknown>): Promise<string[]> {
    const before = this.statements.length;
    await run();
    return this.statements.slice(before);
  }
}
