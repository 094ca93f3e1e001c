import type { Kysely } from 'kysely';
import type { SiteSettings } from '@commons/shared';
import type { DB } from '../db/schema.js';
import { readValue, writeValue } from './application-data.repository.js';

const KEY = 'site_settings';
const DEFAULTS: SiteSettings = { signupsDisabled: false, torBlocked: false };

/** Site settings live in the database so that admins change them at run time, for every process. */
export async function getSiteSettings(db: Kysely<DB>): Promise<SiteSettings> {
  return { ...DEFAULTS, ...(await readValue<Partial<SiteSettings>>(db, KEY)) };
}

export async function saveSiteSettings(
  db: Kysely<DB>,
  changes: Partial<SiteSettings>,
): Promise<SiteSettings> {
  const next = { ...(await getSiteSettings(db)), ...changes };
  await writeValue(db, KEY, next);
  return next;
}
