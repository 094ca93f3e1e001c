import type { Kysely } from 'kysely';
import type { DB } from '../src/db/schema.js';
import { newId } from '../src/lib/ids.js';
import { hashPassword } from '../src/users/passwords.js';
import type { UserRow } from '../src/users/users.repository.js';
import { createUser } from '../src/users/users.service.js';
import type { TestApp, TestClient } from './harness.js';

let counter = 0;
const hashes = new Map<string, Promise<string>>();

/** Hashing costs ~10 ms; tests reuse one hash per password. */
function hashOf(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** A username no other test of the file uses (for signups; makeUser makes its own). */
export function uniqueName(prefix = 'n'): string {
  return `${prefix}${process.pid % 1000}_${++counter}`;
}

export interface UserOptions {
  username?: string;
  password?: string;
  email?: string | null;
  isAdmin?: boolean;
  banned?: boolean;
  deleted?: boolean;
  points?: number;
}

/** A user made directly in the database (tests reach states without test-only routes). */
export async function makeUser(db: Kysely<DB>, options: UserOptions = {}): Promise<UserRow> {
  const username = options.username ?? `user${process.pid % 1000}_${++counter}`;
  const row = await createUser(db, {
    username,
    email: options.email ?? null,
    passwordHash: await hashOf(options.password ?? 'password123'),
    ip: '127.0.0.1',
    isAdmin: options.isAdmin ?? false,
  });
  if (!row) throw new Error(`username ${username} is taken`);
  if (options.banned || options.deleted || options.points !== undefined) {
    return db
      .updateTable('users')
      .set({
        ...(options.banned ? { banned_at: new Date() } : {}),
        ...(options.deleted ? { deleted_at: new Date() } : {}),
        ...(options.points !== undefined ? { points: options.points } : {}),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
  return row;
}

/** A visitor logged in as `user` through the real login route. */
export async function loggedInClient(
  t: TestApp,
  user: Pick<UserRow, 'username'>,
  password = 'password123',
): Promise<TestClient> {
  const client = t.client();
  const res = await client.login(user.username, password);
  if (res.status !== 200) throw new Error(`login of ${user.username} failed: ${res.status} ${res.text}`);
  return client;
}

/** A member made in the database and logged in through the API. */
export interface Member {
  user: UserRow;
  client: TestClient;
}

export async function member(t: TestApp, options: UserOptions = {}): Promise<Member> {
  const user = await makeUser(t.db, options);
  return { user, client: await loggedInClient(t, user) };
}

/** A visitor who is not logged in, with the cookies a first visit gets. */
export async function guest(t: TestApp): Promise<TestClient> {
  const client = t.client();
  await client.start();
  return client;
}

/** A community created through the API by `creator` (who must be allowed to), who becomes its mod. */
export async function newCommunity(
  creator: TestClient,
  name = uniqueName('c'),
  about?: string,
): Promise<any> {
  const res = await creator.post('/api/communities', { name, ...(about === undefined ? {} : { about }) });
  if (res.status !== 200) throw new Error(`community ${name}: ${res.status} ${res.text}`);
  return res.json;
}

/**
 * An uploaded image of `userId`'s, not yet in a post, made in the database (no file: for what reads
 * its row, such as a post's JSON): its id, to give as `images: [{ imageId }]`.
 */
export async function uploadedImage(db: Kysely<DB>, userId: string): Promise<string> {
  const id = newId();
  await db
    .insertInto('images')
    .values({
      id,
      width: 10,
      height: 10,
      size: 100,
      upload_size: 100,
      average_r: 1,
      average_g: 2,
      average_b: 3,
    })
    .execute();
  await db.insertInto('temp_images').values({ image_id: id, user_id: userId }).execute();
  return id;
}
