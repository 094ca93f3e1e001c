// Load on the notifications panel's first page for a notification-heavy member: 200 notifications
// (the cap), of every type that names a post or comment, one of them a new_comment merged 500 times
// over a post with 500 comments. Measures `GET /api/notifications?render=true&format=html` (what the
// panel asks for) with the member's session, on the real built server, next to a bare route serving
// a body of the same size in the same run (Fastify in a worker thread), and `GET /api/_user` (the
// smallest logged-in route) as the machine's reference. Goal: p50 under 50 ms. Needs
// `node scripts/build.mjs` (or `npx tsc -b packages/server`).
//
//   node bench/notifications.mjs --engine postgres --database-url postgres://postgres@127.0.0.1:5432/bench_notifications
//   node bench/notifications.mjs --engine embedded --data-dir bench/.data/notifications-embedded
//        [--duration 10] [--connections 10] [--warmup 2]
//
// The data directory or database is created when missing and filled once; later runs reuse it.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { migrate } from '../packages/server/dist/db/migrate.js';
import { newId, randomString, SESSION_ID_LENGTH } from '../packages/server/dist/lib/ids.js';
import {
  createPostgresDatabase,
  getJson,
  measure,
  ms,
  openDatabase,
  startBare,
  startServer,
  targetOf,
} from './lib.mjs';

const MEMBER = 'bench_notified';
const COMMENTS = 500;
const NOTIFICATIONS = 200;

const { values: flags } = parseArgs({
  options: {
    engine: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '2' },
  },
});
const target = targetOf(flags);

/** The member, its session, and its 200 notifications, made once straight into SQL. */
async function prepare(db) {
  const found = await db.selectFrom('users').select('id').where('username', '=', MEMBER).executeTakeFirst();
  if (found) {
    const session = await db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', found.id)
      .executeTakeFirstOrThrow();
    return session.id;
  }
  const memberId = newId();
  await db.insertInto('users').values({ id: memberId, username: MEMBER, password: 'x', points: 1 }).execute();
  const others = [];
  for (let i = 0; i < 20; i++) {
    const id = newId();
    others.push({ id, username: `bn_${randomString(8)}` });
    await db
      .insertInto('users')
      .values({ id, username: others[i].username, password: 'x', points: 1 })
      .execute();
  }
  const communityId = newId();
  const communityName = `bn${randomString(6)}`;
  await db
    .insertInto('communities')
    .values({ id: communityId, name: communityName, user_id: memberId, no_members: 1 })
    .execute();
  // 60 posts of the member: the big one with 500 comments, the others with one comment each.
  const posts = [];
  for (let i = 0; i < 60; i++) {
    const id = newId();
    posts.push(id);
    await db
      .insertInto('posts')
      .values({
        id,
        type: 'text',
        public_id: randomString(8),
        user_id: memberId,
        community_id: communityId,
        title: `Notified post ${i} <with> "characters" to escape & more`,
        body: 'Text.',
        upvotes: 1,
        points: 1,
        no_comments: i === 0 ? COMMENTS : 1,
      })
      .execute();
  }
  // The other notifications are from three days ago on; the big post's comments are the last 500
  // minutes, so the merged notification (updated at the last of them) leads the first page.
  const start = Date.now() - 3 * 24 * 3600 * 1000;
  const recent = Date.now() - COMMENTS * 60_000;
  const comments = [];
  for (let i = 0; i < COMMENTS + posts.length - 1; i++) {
    const author = others[i % others.length];
    const postId = i < COMMENTS ? posts[0] : posts[i - COMMENTS + 1];
    comments.push({
      id: newId(),
      post_id: postId,
      community_id: communityId,
      user_id: author.id,
      depth: 0,
      body: 'A comment.',
      upvotes: 1,
      points: 1,
      created_at: new Date(i < COMMENTS ? recent + i * 60_000 : start + i * 60_000),
    });
  }
  for (let i = 0; i < comments.length; i += 500) {
    await db
      .insertInto('comments')
      .values(comments.slice(i, i + 500))
      .execute();
  }
  const first = comments[0];
  const rows = [];
  const at = (i) => new Date(start + i * 60_000);
  // The merged one: the first comment of the big post, 500 comments in all, updated at the last.
  rows.push({
    user_id: memberId,
    type: 'new_comment',
    notif: JSON.stringify({
      postId: posts[0],
      commentId: first.id,
      noComments: COMMENTS,
      commentAuthor: others[0].username,
      firstCreatedAt: first.created_at.toISOString(),
    }),
    created_at: first.created_at,
    updated_at: comments[COMMENTS - 1].created_at,
  });
  for (let i = 1; i < NOTIFICATIONS; i++) {
    const post = posts[1 + (i % (posts.length - 1))];
    const c = comments[COMMENTS + (i % (posts.length - 1))];
    const kind = i % 4;
    const notif =
      kind === 0
        ? {
            postId: post,
            commentId: c.id,
            noComments: 1,
            commentAuthor: others[i % 20].username,
            firstCreatedAt: at(i),
          }
        : kind === 1
          ? { targetType: 'post', targetId: post, noVotes: 1 + (i % 7) }
          : kind === 2
            ? { targetType: 'comment', targetId: c.id, noVotes: 1 + (i % 3) }
            : { postId: post };
    rows.push({
      user_id: memberId,
      type: ['new_comment', 'new_votes', 'new_votes', 'announcement'][kind],
      notif: JSON.stringify(notif),
      seen: i % 5 === 0,
      created_at: at(i),
      updated_at: at(i),
    });
  }
  await db.insertInto('notifications').values(rows).execute();
  const sessionId = randomString(SESSION_ID_LENGTH);
  await db
    .insertInto('sessions')
    .values({
      id: sessionId,
      user_id: memberId,
      expires_at: new Date(Date.now() + 300 * 24 * 3600 * 1000),
    })
    .execute();
  return sessionId;
}

async function main() {
  if (target.engine === 'postgres') await createPostgresDatabase(target.location);
  const database = await openDatabase(target);
  let sessionId;
  try {
    await migrate(database.db);
    sessionId = await prepare(database.db);
    await sql`ANALYZE`.execute(database.db);
  } finally {
    await database.close();
  }

  const server = await startServer(target.engine, target.location);
  const options = { connections: Number(flags.connections), duration: Number(flags.duration) };
  const warmup = Number(flags.warmup);
  let bare = null;
  try {
    const url = `${server.url}/api/notifications?render=true&format=html`;
    const headers = { cookie: `SID=${sessionId}` };
    const first = await getJson(url, headers);
    if (first.count !== NOTIFICATIONS || first.items.length !== 10) {
      throw new Error(`Unexpected first page: count ${first.count}, ${first.items.length} items`);
    }
    const merged = first.items.find((i) => i.title.startsWith(`${COMMENTS} new comments`));
    if (!merged) throw new Error('The merged notification is not on the first page');
    console.log(
      `First page: ${first.items.length} of ${first.count}; merged: ${merged.title} → ${merged.toURL}`,
    );
    const body = JSON.stringify(first);
    bare = await startBare(body);
    const scenarios = [
      {
        name: `bare route (${Buffer.byteLength(body)}-byte body)`,
        url: `http://127.0.0.1:${bare.port}/bare`,
      },
      // The smallest logged-in route (the session lookup and the user): what any member request costs here.
      { name: 'GET /api/_user (reference)', url: `${server.url}/api/_user`, headers },
      { name: 'GET /api/notifications?render=true&format=html', url, headers },
    ];
    console.log(`${options.duration} s each, ${options.connections} connections, ${warmup} s warm-up`);
    for (const s of scenarios) {
      if (warmup > 0) await measure(s, { ...options, duration: warmup });
      const r = await measure(s, options);
      console.log(
        `${s.name}: p50 ${ms(r.p50)} ms, p99 ${ms(r.p99)} ms, ${r.rps.toFixed(0)} req/s (load ${os.loadavg()[0].toFixed(2)})`,
      );
    }
  } finally {
    if (bare) await bare.worker.terminate();
    await server.stop();
  }
}

await main();
