import crypto from 'node:crypto';
import { DEFAULT_FEED_SORT, type Feed, type Post } from '@commons/shared';
import type { Deps } from '../deps.js';
import { pinnedPosts } from '../posts/pinned-posts.repository.js';
import { postJsons } from '../posts/post-views.js';
import type { UserRow } from '../users/users.repository.js';
import { cursorOf, parseCursor } from './feed-cursors.js';
import type { FeedQuery } from './feeds.service.js';
import { feedPage, memberPostStates, type FeedScope, type MemberPostState } from './feeds.repository.js';

/**
 * The part of a feed page that is the same for every member: the posts pinned on it and, in the
 * feed's order, more candidate posts than a page holds, each presented as a guest sees it, with the
 * cursor that starts a page at it. Kept in the shared read cache; never changed in place.
 */
interface SharedFeedPart {
  pinned: Post[];
  candidates: { post: Post; cursor: string }[];
  /** Fewer candidates than asked for: they are all the feed holds from the cursor on. */
  complete: boolean;
}

/**
 * Candidates per page: three times what the page needs. The seeded benchmark member (hidden posts, 30
 * muted users, 10 muted communities, 50 muted words) loses about 40% of the All feed's posts to their
 * filters; a page whose candidates run out falls back to the direct query (docs/decisions.md, members'
 * feed pages).
 */
export function candidateCount(limit: number): number {
  return 3 * (limit + 1);
}

/** The part of the key that names the scope; a set of communities by a digest of its sorted ids. */
function scopeKey(scope: FeedScope): string {
  if (scope.kind === 'all') return 'all';
  if (scope.kind === 'community') return `c${scope.id}`;
  const ids = [...scope.ids].sort().join(',');
  return `s${crypto.createHash('sha1').update(ids).digest('base64url')}`;
}

/**
 * A member's feed page from shared parts (issue 15): the candidates and their related rows (authors,
 * badges, communities, images) come from the shared read cache, or from one indexed query and one
 * presentation for every member who asks in the cache's lifetime; the member's own state (votes,
 * hidden posts, muted users, communities and words, visits and new comments) and the posts' live
 * counters are laid over them with one query. Their filters (DOMAIN §2.2) then remove candidates; when
 * fewer than a page and its next row remain and the feed holds more, the page comes from `direct`,
 * the query with every filter in it.
 */
export async function memberFeedPage(
  deps: Deps,
  viewer: UserRow,
  query: FeedQuery,
  scope: FeedScope,
  direct: () => Promise<Feed>,
): Promise<Feed> {
  const pinsApply = query.sort === DEFAULT_FEED_SORT;
  const withPins = pinsApply && !query.next;
  const take = candidateCount(query.limit);
  const cursor = query.next ? parseCursor(query.sort, query.next) : null;
  const key = `members:${scopeKey(scope)}:${query.sort}:${take}:${query.next ?? ''}:${withPins ? 1 : 0}`;

  const shared = await deps.readCache.getValue<SharedFeedPart>(key, async () => {
    const [rows, pinned] = await Promise.all([
      feedPage(deps.db, {
        scope,
        sort: query.sort,
        cursor,
        take,
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
    const posts = await postJsons(deps, [...pinned, ...rows], null);
    return {
      pinned: posts.slice(0, pinned.length),
      candidates: rows.map((row, i) => ({
        post: posts[pinned.length + i]!,
        cursor: cursorOf(query.sort, row),
      })),
      complete: rows.length < take,
    };
  });

  // The Moderating feed shows everything in the member's communities, mutes and hides included.
  const filtered = query.feed !== 'moderating';
  const states = await memberPostStates(
    deps.db,
    viewer.id,
    [...shared.pinned, ...shared.candidates.map((c) => c.post)].map((p) => p.id),
    filtered,
  );
  const visible = shared.candidates.filter(({ post }) => {
    const state = states.get(post.id);
    // Gone since the shared part was made (another process's delete, not yet heard of here).
    if (!state || state.deleted) return false;
    if (!filtered) return true;
    return !(
      state.hidden ||
      state.author_muted ||
      state.worded ||
      (query.feed === 'all' && state.community_muted)
    );
  });
  if (visible.length <= query.limit && !shared.complete) return direct();

  const pinned = shared.pinned.flatMap((post) => {
    const state = states.get(post.id);
    return state && !state.deleted ? [withMemberState(post, state)] : [];
  });
  return {
    posts: [
      ...pinned,
      ...visible.slice(0, query.limit).map(({ post }) => withMemberState(post, states.get(post.id)!)),
    ],
    next: visible[query.limit]?.cursor ?? null,
  };
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
