import type { Kysely } from 'kysely';
import type { ReportReason } from '@commons/shared';
import type { DB } from '../db/schema.js';

export async function listReportReasons(db: Kysely<DB>): Promise<ReportReason[]> {
  return db.selectFrom('report_reasons').select(['id', 'title', 'description']).orderBy('id').execute();
}
