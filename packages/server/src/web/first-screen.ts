import type { TSchema } from '@sinclair/typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DEFAULT_FEED_SORT,
  fixedPathSegments,
  isFeedSort,
  staticPages,
  type FeedSort,
} from '@commons/shared';
import { CommunitySchema, FeedSchema, InitialSchema, PostSchema } from '@commons/shared/schemas';
import { getCommunity } from '../communities/communities.service.js';
import type { Deps } from '../deps.js';
import { getFeed, getGuestFeed, parseFeedQuery } from '../feeds/feeds.service.js';
import { AppError } from '../lib/errors.js';
import { getGuestPost } from '../posts/guest-post-page.service.js';
import { getPost } from '../posts/posts.service.js';
import { getInitial } from '../site/initial.service.js';

/**
 * One API answer the page carries: the GET the client would send first (its exact `/api/…` address,
 * query in the client's order) and the answer's JSON text, as the API would send it to this viewer.
 */
export interface EmbeddedAnswer {
  url: string;
  text: string;
}

/** The first screens that wait on data, by their address (the client's routes, app/router.tsx). */
export type FirstScreen =
  | { kind: 'home'; feed: 'default' | 'all' | 'subscriptions' }
  | { kind: 'community'; name: string }
  | { kind: 'post'; publicId: string }
  | { kind: 'other' };

const COMMUNITY = /^\/([0-9A-Za-z_]{3,21})$/;
const POST = /^\/([0-9A-Za-z_]{3,21})\/post\/([0-9A-Za-z_]{8})(?:\/[0-9a-fA-F]{24})?$/;

export function firstScreenOf(pathname: string): FirstScreen {
  if (pathname === '/') return { kind: 'home', feed: 'default' };
  if (pathname === '/all') return { kind: 'home', feed: 'all' };
  if (pathname === '/subscriptions') return { kind: 'home', feed: 'subscriptions' };
  const post = POST.exec(pathname);
  if (post?.[2]) return { kind: 'post', publicId: post[2] };
  const community = COMMUNITY.exec(pathname);
  if (
    community?.[1] &&
    !fixedPathSegments.has(community[1]) &&
    !staticPages.some((p) => p.path === pathname)
  ) {
    return { kind: 'community', name: community[1] };
  }
  return { kind: 'other' };
}

/** `GET /api/posts` as the client's feed asks for it (features/posts/api/get-feed.ts). */
function feedUrl(sort: FeedSort, feed: 'all' | 'home' | 'community', communityId?: string): string {
  const params = new URLSearchParams({ sort });
  if (feed === 'home') params.set('feed', 'home');
  if (communityId) params.set('communityId', communityId);
  return `/api/posts?${params.toString()}`;
}

/**
 * What the page's first screen needs, so that the client makes no request before showing it: the
 * bootstrap (`_initial`) on every page, and the first feed page, the community or the post with its
 * first comments on the pages that show them. Guests' feed pages and posts are the shared read cache's
 * texts (§41), the very bytes `GET /api/posts` answers every guest; a member's answers are made for
 * them, as the API makes them, and go only into their own response (private, no-store). An answer that
 * fails (an unknown post or community) is left out: the client asks for it and shows the error as it
 * always did.
 */
export async function firstScreenAnswers(
  deps: Deps,
  request: FastifyRequest,
  reply: FastifyReply,
  pathname: string,
  search: URLSearchParams,
): Promise<EmbeddedAnswer[]> {
  const viewer = request.viewer;
  const user = viewer.user;
  const serialize = (schema: TSchema, value: unknown) =>
    (reply.compileSerializationSchema(schema) as (data: unknown) => string)(value);
  const answers: EmbeddedAnswer[] = [];
  const attempt = async (url: string, make: () => Promise<string>) => {
    try {
      answers.push({ url, text: await make() });
    } catch (error) {
      if (!(error instanceof AppError)) request.log.warn({ err: error, url }, 'first screen answer failed');
    }
  };

  const screen = firstScreenOf(pathname);
  const param = search.get('sort');
  // A member who has the client remember their sort may have another one on this device: their feed
  // is left to the client rather than sent for nothing.
  const sort: FeedSort | null = isFeedSort(param)
    ? param
    : user?.remember_feed_sort
      ? null
      : DEFAULT_FEED_SORT;

  const feedText = async (feed: 'all' | 'home' | 'community', communityId?: string) => {
    const query = parseFeedQuery({
      sort: sort!,
      ...(feed === 'home' ? { feed } : {}),
      ...(communityId ? { communityId } : {}),
    });
    if (user) return serialize(FeedSchema, await getFeed(deps, user, query));
    return (await getGuestFeed(deps, query, (feed) => serialize(FeedSchema, feed))).text;
  };

  const work: Promise<void>[] = [
    attempt('/api/_initial', async () => serialize(InitialSchema, await getInitial(deps, viewer))),
  ];
  if (screen.kind === 'home' && sort) {
    const kind =
      screen.feed === 'subscriptions' || (screen.feed === 'default' && user?.home_feed === 'subscriptions')
        ? 'home'
        : 'all';
    // Subscriptions is for members only: a guest's page says so itself.
    if (kind === 'all' || user) work.push(attempt(feedUrl(sort, kind), () => feedText(kind)));
  } else if (screen.kind === 'post') {
    const { publicId } = screen;
    work.push(
      attempt(`/api/posts/${encodeURIComponent(publicId)}?fetchCommunity=true`, async () =>
        user
          ? serialize(PostSchema, await getPost(deps, user, publicId, true))
          : (await getGuestPost(deps, publicId, true, (post) => serialize(PostSchema, post))).text,
      ),
    );
  } else if (screen.kind === 'community') {
    work.push(
      (async () => {
        const community = await getCommunity(deps, user, screen.name, true).catch((error: unknown) => {
          if (!(error instanceof AppError)) throw error;
          return null;
        });
        if (!community) return;
        answers.push({
          url: `/api/communities/${encodeURIComponent(screen.name)}?byName=true`,
          text: serialize(CommunitySchema, community),
        });
        if (sort)
          await attempt(feedUrl(sort, 'community', community.id), () => feedText('community', community.id));
      })(),
    );
  }
  await Promise.all(work);
  return answers;
}

/** The post's own community name: its key comes before any text of the post (API.md §5.6's order). */
const POST_COMMUNITY = /"communityName":"([0-9A-Za-z_]{3,21})"/;
/** The community's name: the third key of a Community (API.md §5.4). */
const COMMUNITY_NAME = /^\{"id":"[0-9a-f]{24}","userId":"[0-9a-f]{24}","name":"([0-9A-Za-z_]{3,21})"/;

/**
 * The address of the page the answers show, as the site writes it (the community's name as spelt,
 * no comment id), or null when the answers do not show it. Another address of the same page (another
 * case, any community before `/post/`, a comment's id) renders the same answers as a page of its own.
 */
export function canonicalPath(screen: FirstScreen, answers: EmbeddedAnswer[]): string | null {
  if (screen.kind === 'home') return screen.feed === 'default' ? '/' : `/${screen.feed}`;
  if (screen.kind === 'post') {
    const post = answers.find((a) => a.url.startsWith('/api/posts/'));
    const name = post && POST_COMMUNITY.exec(post.text)?.[1];
    return name ? `/${name}/post/${screen.publicId}` : null;
  }
  if (screen.kind === 'community') {
    const community = answers.find((a) => a.url.startsWith('/api/communities/'));
    const name = community && COMMUNITY_NAME.exec(community.text)?.[1];
    return name ? `/${name}` : null;
  }
  return null;
}
