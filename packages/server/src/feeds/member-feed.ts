import crypto from 'node:crypto';
import { DEFAULT_FEED_SORT, type Feed, type Post } from '@commons/shared';
import type { Deps } from '../deps.js';
import { pinnedPosts } from '../posts/pinned-posts.repository.js';
import { postJsons } from '../posts/post-views.js';
import type { UserRow } from '../users/users.repository.js';
import { cursorOf, parseCursor } from './feed-cursors.js';
import type { FeedQuery } from './feeds.service.js';
import { feedPage, memberPostStates, type FeedScope, type MemberPostState } from './feeds.repository.js';
import { movedPostsRecently } from './own-writes.js';

/**
 * A run of a feed that is the same for every member: in the feed's order from a cursor, more posts
 * than a page holds, each presented as a guest sees it, with the cursor that starts a page at it; on
 * the first page of the default sort, the pinned posts too. Kept in the shared read cache; never
 * changed in place.
 */
interface SharedRun {
  pinned: Post[];
  candidates: { post: Post; cursor: string }[];
  /** Where the feed goes on after these candidates; null when they are all it holds from the cursor. */
  next: string | null;
}

/** Candidates per shared run: three times what a page needs. */
export function candidateCount(limit: number): number {
  return 3 * (limit + 1);
}

/**
 * Runs read for one page at most: a member whose filters leave a page short reads the next shared run,
 * and the next, up to this many, as long as the rate at which their filters let candidates through
 * says the runs left would fill it; else the direct query answers (docs/decisions.md, members' feed
 * pages).
 */
const MAX_RUNS = 3;

/** States read beyond what the page needs at the member's rate so far, for a deleted or hidden few. */
const STATE_MARGIN = 1.25;

/**
 * What the last request of a member for a page learnt, for the cache's lifetime: that their filters
 * sent it to the direct query (their next request goes there at once), or the share of candidates
 * their filters let through (their next request reads the states of as many candidates as that share
 * says it needs in one query, across shared runs, instead of finding it out in several). In this
 * process only; it decides a path and how much to read, never what a page shows.
 */
const learnt = new Map<string, { until: number; direct: boolean; rate: number }>();
const LEARNT_MAX = 10_000;

/** The part of the key that names the scope; a set of communities by a digest of its sorted ids. */
function scopeKey(scope: FeedScope): string {
  if (scope.kind === 'all') return 'all';
  if (scope.kind === 'community') return `c${scope.id}`;
  if (scope.kind === 'user') return `u${scope.id}`;
  const ids = [...scope.ids].sort().join(',');
  return `s${crypto.createHash('sha1').update(ids).digest('base64url')}`;
}

function sharedRun(
  deps: Deps,
  query: FeedQuery,
  scope: FeedScope,
  from: string | null,
  withPins: boolean,
): Promise<SharedRun> {
  const take = candidateCount(query.limit);
  const key = `members:${scopeKey(scope)}:${query.sort}:${take}:${from ?? ''}:${withPins ? 1 : 0}`;
  return deps.readCache.getValue<SharedRun>(key, async () => {
    const pinsApply = query.sort === DEFAULT_FEED_SORT;
    const [rows, pinned] = await Promise.all([
      feedPage(deps.db, {
        scope,
        sort: query.sort,
        cursor: from ? parseCursor(query.sort, from) : null,
        take: take + 1,
        viewerId: null,
        hideMutedCommunities: false,
        excludePinned: pinsApply ? (scope.kind === 'community' ? 'community' : 'site') : null,
      }),
      withPins
        ? pinnedPosts(
            deps.db,
            scope.kind === 'community' ? { siteWide: false, communityId: scope.id } : { siteWide: true },
          )
        : [],
    ]);
    const kept = rows.slice(0, take);
    const posts = await postJsons(deps, [...pinned, ...kept], null);
    return {
      pinned: posts.slice(0, pinned.length),
      candidates: kept.map((row, i) => ({
        post: posts[pinned.length + i]!,
        cursor: cursorOf(query.sort, row),
      })),
      next: rows[take] ? cursorOf(query.sort, rows[take]) : null,
    };
  });
}

/**
 * A member's feed page from shared parts (issue 15): the candidates and their related rows (authors,
 * badges, communities, images) come from the shared read cache, or from one indexed query and one
 * presentation for every member who asks in the cache's lifetime; the member's own state (votes,
 * hidden posts, muted users, communities and words, visits and new comments) and the live counters
 * are laid over them with one query, for as many candidates as the page needs with a margin. Their
 * filters (DOMAIN §2.2) then remove candidates: a page left short reads the states of more candidates,
 * then the next shared run, while what is left promises to fill it; otherwise the page comes from
 * `direct`, the query with every filter in it.
 */
export async function memberFeedPage(
  deps: Deps,
  viewer: UserRow,
  query: FeedQuery,
  scope: FeedScope,
  direct: () => Promise<Feed>,
): Promise<Feed> {
  const withPins = query.sort === DEFAULT_FEED_SORT && !query.next;
  // The Moderating feed shows everything in the member's communities, mutes and hides included.
  const filtered = query.feed !== 'moderating';
  const shows = (state: MemberPostState | undefined): state is MemberPostState =>
    // Missing or deleted: gone since the shared run was made (another process's write, not yet heard of).
    state !== undefined &&
    !state.deleted &&
    (!filtered ||
      !(
        state.hidden ||
        state.author_muted ||
        state.worded ||
        (query.feed === 'all' && state.community_muted)
      ));

  const visible: Post[] = [];
  const taken = new Set<string>();
  let pinned: Post[] = [];
  let nextCursor: string | null = null;
  let seen = 0;
  let passed = 0;
  const memo = `${viewer.id}:${scopeKey(scope)}:${query.feed}:${query.sort}:${query.limit}:${query.next ?? ''}`;
  const before = learnt.get(memo);
  const prior = before && before.until > Date.now() ? before : undefined;
  // The member's own vote or comment moved a post that the shared runs still hold where it was.
  if (prior?.direct || movedPostsRecently(viewer.id)) return direct();
  const learn = (wentDirect: boolean) => {
    learnt.delete(memo);
    learnt.set(memo, {
      until: Date.now() + deps.readCache.ttlMs,
      direct: wentDirect,
      rate: seen === 0 ? 1 : Math.max(passed, 1) / seen,
    });
    if (learnt.size > LEARNT_MAX) learnt.delete(learnt.keys().next().value!);
  };
  const goDirect = () => {
    learn(true);
    return direct();
  };

  // The shared runs read so far, their candidates end to end.
  const runs: SharedRun[] = [];
  const candidates: { post: Post; cursor: string }[] = [];
  /** Reads the next shared run; false when the feed has no more or MAX_RUNS are read. */
  const readRun = async (): Promise<boolean> => {
    const last = runs.at(-1);
    if (last && (last.next === null || runs.length === MAX_RUNS)) return false;
    const run = await sharedRun(deps, query, scope, last ? last.next : query.next, withPins && !last);
    runs.push(run);
    candidates.push(...run.candidates);
    return true;
  };
  await readRun();

  let offset = 0;
  let pinsRead = false;
  for (;;) {
    // States are read for as many candidates as the page still needs, with a margin, at the rate the
    // member's filters let candidates through (so far, or on their last request): most members filter
    // almost nothing, and a third of a run costs a third of the state query (issue 15). The runs the
    // chunk reaches into are read first, so that one query covers them.
    const needed = query.limit + 1 - visible.length;
    const rate = seen === 0 ? (prior?.rate ?? 1) : Math.max(passed, 1) / seen;
    const size = Math.ceil((needed / rate) * STATE_MARGIN);
    while (candidates.length < offset + size && (await readRun()));
    const chunk = candidates.slice(offset, offset + size);
    if (chunk.length > 0 || !pinsRead) {
      offset += chunk.length;
      const withPinned = !pinsRead;
      pinsRead = true;
      const states = await memberPostStates(
        deps.db,
        viewer.id,
        [...(withPinned ? runs[0]!.pinned : []), ...chunk.map((c) => c.post)].map((p) => p.id),
        filtered,
      );
      if (withPinned) {
        pinned = runs[0]!.pinned.flatMap((post) => {
          const state = states.get(post.id);
          return state && !state.deleted ? [withMemberState(post, state)] : [];
        });
      }
      for (const { post, cursor } of chunk) {
        seen++;
        const state = states.get(post.id);
        // Runs cached at different times join here: a post that moved between them can be in two.
        if (!shows(state) || taken.has(post.id)) continue;
        passed++;
        if (visible.length === query.limit) {
          nextCursor = cursor;
          break;
        }
        visible.push(withMemberState(post, state));
        taken.add(post.id);
      }
    }
    if (nextCursor !== null) break;
    const last = runs.at(-1)!;
    if (offset >= candidates.length) {
      // The feed ends here: the page is what is left of it.
      if (last.next === null) break;
      // The runs a page may read are read and it is still short.
      if (runs.length === MAX_RUNS) return goDirect();
    }
    // At the rate the member's filters let candidates through so far, would the candidates left in
    // the runs read and the runs after them fill the page? If not, the direct query answers now
    // rather than after more rounds of state.
    const left =
      candidates.length -
      offset +
      (last.next === null ? 0 : (MAX_RUNS - runs.length) * candidateCount(query.limit));
    const stillNeeded = query.limit + 1 - visible.length;
    if (
      // Not on a first small chunk: a few hidden posts at the top say little about the rest.
      seen >= candidateCount(query.limit) / 2 &&
      (visible.length === 0 || (stillNeeded * seen) / visible.length > left)
    ) {
      return goDirect();
    }
  }
  learn(false);
  return { posts: [...pinned, ...visible], next: nextCursor };
}

/** A shared post, copied, with the member's state and the live counters of the post and its author. */
function withMemberState(post: Post, state: MemberPostState): Post {
  return {
    ...post,
    upvotes: state.upvotes,
    downvotes: state.downvotes,
    hotness: state.hotness,
    lastActivityAt: state.last_activity_at.toISOString(),
    noComments: state.no_comments,
    userVoted: state.vote !== null,
    userVotedUp: state.vote,
    lastVisitAt: state.last_visited_at?.toISOString() ?? null,
    newComments: state.new_comments,
    isAuthorMuted: state.author_muted,
    isCommunityMuted: state.community_muted,
    author: {
      ...post.author,
      points: state.author_points,
      noPosts: state.author_posts,
      noComments: state.author_comments,
    },
  };
}
