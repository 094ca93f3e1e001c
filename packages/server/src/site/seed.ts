import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { unusablePasswordHash } from '../users/passwords.js';
import { ensureBadgeType, findUserByName } from '../users/users.repository.js';
import { createUser } from '../users/users.service.js';

/** The accounts every site has that are no one's: `ghost` and `nobody`. */
export const SYSTEM_ACCOUNTS = ['ghost', 'nobody'] as const;

/**
 * What every site has from its first start (DOMAIN §8.9): the `ghost` and `nobody` accounts, made like any
 * other account but with passwords no one knows (`nobody` is the admin that performs operator purges),
 * and the `supporter` badge type. Safe to run from several processes at once.
 */
export async function seedSite(db: Kysely<DB>): Promise<void> {
  await ensureBadgeType(db, 'supporter');
  const sentinels = [
    { username: SYSTEM_ACCOUNTS[0], isAdmin: false, aboutMe: null },
    { username: SYSTEM_ACCOUNTS[1], isAdmin: true, aboutMe: 'Not a human' },
  ];
  for (const sentinel of sentinels) {
    if (await findUserByName(db, sentinel.username)) continue;
    const passwordHash = await unusablePasswordHash();
    await db
      .transaction()
      .execute((trx) => createUser(trx, { ...sentinel, email: null, passwordHash, ip: null }));
  }
}
