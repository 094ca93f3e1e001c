import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ReportsTable } from '../db/schema.js';

export type ReportRow = Selectable<ReportsTable> & { reason: string; description: string | null };

/** Stores a report; undefined when the same user already reported the same target for the same reason. */
export async function insertReport(
  db: Kysely<DB>,
  values: Insertable<ReportsTable>,
): Promise<ReportRow | undefined> {
  const inserted = await db
    .insertInto('reports')
    .values(values)
    .onConflict((oc) => oc.columns(['created_by', 'type', 'target_id', 'reason_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!inserted) return undefined;
  const reason = await db
    .selectFrom('report_reasons')
    .select(['title', 'description'])
    .where('id', '=', inserted.reason_id)
    .executeTakeFirstOrThrow();
  return { ...inserted, reason: reason.title, description: reason.description };
}

export async function reportReasonExists(db: Kysely<DB>, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('report_reasons').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** A deleted comment takes its reports with it (DOMAIN §7.5). */
export async function deleteReportsOfComment(db: Kysely<DB>, commentId: string): Promise<void> {
  await db.deleteFrom('reports').where('type', '=', 'comment').where('target_id', '=', commentId).execute();
}

export async function deleteReportsOfComments(db: Kysely<DB>, commentIds: readonly string[]): Promise<void> {
  if (commentIds.length === 0) return;
  await db
    .deleteFrom('reports')
    .where('type', '=', 'comment')
    .where('target_id', 'in', [...commentIds])
    .execute();
}

/** A post deleted by a moderator or admin takes the reports on it and on its comments. */
export async function deleteReportsOfPost(db: Kysely<DB>, postId: string): Promise<void> {
  await db.deleteFrom('reports').where('post_id', '=', postId).execute();
}
