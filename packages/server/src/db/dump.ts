import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema.js';

/**
 * The engine-level pieces of a logical backup and restore (operations/backup.ts): the catalog, pages
 * of any table's rows as JSON, and loading them back. Table names come from the catalog or from a
 * backup file; every name is quoted as an identifier.
 */
type Db = Kysely<DB> | Transaction<DB>;

/** Tables of the current schema, every table after the tables it references. */
export async function tablesInDependencyOrder(db: Db): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r' ORDER BY c.oid`.execute(db);
  const edges = await sql<{ child: string; parent: string }>`
    SELECT ch.relname AS child, pa.relname AS parent FROM pg_constraint k
    JOIN pg_class ch ON ch.oid = k.conrelid JOIN pg_class pa ON pa.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = ch.relnamespace
    WHERE k.contype = 'f' AND n.nspname = current_schema()`.execute(db);
  const parents = new Map<string, Set<string>>();
  for (const { child, parent } of edges.rows) {
    if (child !== parent) parents.set(child, (parents.get(child) ?? new Set()).add(parent));
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>) => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) visit(parent, path);
    ordered.push(name);
  };
  for (const { name } of tables.rows) visit(name, new Set());
  return ordered;
}

export async function primaryKey(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    SELECT a.attname AS column FROM pg_index i
    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
    WHERE i.indrelid = ${table}::regclass AND i.indisprimary
    ORDER BY array_position(i.indkey::int2[], a.attnum)`.execute(db);
  if (rows.length === 0)
    throw new Error(`Table ${table} has no primary key; it cannot be backed up in order.`);
  return rows.map((r) => r.column);
}

/** The columns a restore writes (generated ones are computed again); none for an unknown table. */
export async function writableColumns(db: Db, table: string): Promise<string[]> {
  const { rows } = await sql<{ column: string }>`
    SELECT column_name AS column FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table} AND is_generated = 'NEVER'
    ORDER BY ordinal_position`.execute(db);
  return rows.map((r) => r.column);
}

const columnList = (columns: string[]) => sql.join(columns.map((c) => sql.ref(c)));

/**
 * Up to `limit` rows of `table` as JSON text, in primary-key order, after the row `after` (a row this
 * function returned before; null for the first page).
 */
export async function rowsAfter(
  db: Db,
  table: string,
  key: string[],
  after: string | null,
  limit: number,
): Promise<string[]> {
  const { rows } = await sql<{ json: string }>`
    SELECT row_to_json(t)::text AS json FROM ${sql.table(table)} t
    ${after === null ? sql`` : sql`WHERE (${columnList(key.map((k) => `t.${k}`))}) > (SELECT ${columnList(key.map((k) => `r.${k}`))} FROM json_populate_record(NULL::${sql.table(table)}, ${after}::json) r)`}
    ORDER BY ${columnList(key.map((k) => `t.${k}`))} LIMIT ${limit}`.execute(db);
  return rows.map((r) => r.json);
}

export async function sequencePositions(db: Db): Promise<Array<{ name: string; value: number | null }>> {
  const { rows } = await sql<{ name: string; value: number | null }>`
    SELECT sequencename AS name, last_value AS value FROM pg_sequences
    WHERE schemaname = current_schema()`.execute(db);
  return rows;
}

/** Drops the current schema with everything in it and creates it empty again; returns its name. */
export async function recreateSchema(trx: Transaction<DB>): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT current_schema() AS name`.execute(trx);
  const schemaName = rows[0]!.name;
  await sql`DROP SCHEMA ${sql.id(schemaName)} CASCADE`.execute(trx);
  await sql`CREATE SCHEMA ${sql.id(schemaName)}`.execute(trx);
  return schemaName;
}

export async function truncateTables(trx: Transaction<DB>, tables: string[]): Promise<void> {
  if (tables.length === 0) return;
  await sql`TRUNCATE ${sql.join(tables.map((table) => sql.table(table)))}`.execute(trx);
}

/** Inserts rows given as JSON objects into `columns` of `table`. */
export async function insertJsonRows(
  trx: Transaction<DB>,
  table: string,
  columns: string[],
  rows: unknown[],
): Promise<void> {
  await sql`INSERT INTO ${sql.table(table)} (${columnList(columns)})
    SELECT ${columnList(columns)} FROM json_populate_recordset(NULL::${sql.table(table)}, ${JSON.stringify(rows)}::json)`.execute(
    trx,
  );
}

export async function setSequence(
  trx: Transaction<DB>,
  schemaName: string,
  sequence: string,
  value: number,
): Promise<void> {
  await sql`SELECT setval(format('%I.%I', ${schemaName}::text, ${sequence}::text)::regclass, ${value}::bigint)`.execute(
    trx,
  );
}

/** Sends a NOTIFY on `channel`; in a transaction, listeners hear it when that commits. */
export async function notify(db: Db, channel: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, '')`.execute(db);
}
