import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { unusablePasswordHash } from '../users/passwords.js';
import { ensureBadgeType, findUserByName } from '../users/users.repository.js';
import { createUser } from '../users/users.service.js';

/**
 * What every site has from its first start (DOMAIN §8.9): the `ghost` and `nobody` accounts, made like any
 * other account but with passwords no one knows (`nobody` is the admin that performs operator purges),
 * and the `supporter` badge type. Safe to run from several processes at once.
 */
export async function seedSite(db: Kysely<DB>): Promise<void> {
  await ensureBadgeType(db, 'supporter');
  const sentinels = [
    { username: 'ghost', isAdmin: false, aboutMe: null },
    { username: 'nobody', isAdmin: true, aboutMe: 'Not a human' },
  ];
  for (const sentinel of sentinels) {
    if (await findUserByName(db, sentinel.username)) continue;
    const passwordHash = await unusablePasswordHash();
    await db
      .transaction()
      .execute((trx) => createUser(trx, { ...sentinel, email: null, passwordHash, ip: null }));
  }
}
