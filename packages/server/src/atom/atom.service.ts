import crypto from 'node:crypto';
import {
  DEFAULT_FEED_SORT,
  isListItemSort,
  truncateChars,
  type Comment,
  type FeedSort,
  type ListItem,
  type Post,
} from '@commons/shared';
import type { AtomQueryParams } from '@commons/shared/schemas';
import { findCommunityByName } from '../communities/communities.repository.js';
import type { Deps } from '../deps.js';
import { feedPage } from '../feeds/feeds.repository.js';
import { getFeed, parseFeedQuery } from '../feeds/feeds.service.js';
import { errors } from '../lib/errors.js';
import { escapeHtml } from '../lib/html.js';
import { markdownToHtml } from '../lib/markdown.js';
import { getListItems } from '../lists/list-items.service.js';
import { getList } from '../lists/lists.service.js';
import { postJsons } from '../posts/post-views.js';
import { postsByIds } from '../posts/posts.repository.js';
import { findUserByName } from '../users/users.repository.js';
import { atomXml, type AtomEntry, type AtomFeed } from './atom.presenter.js';

/** Entries in a feed unless `limit` asks for another number (1 to the feeds' maximum, 50). */
const DEFAULT_ENTRIES = 20;
/** Characters of a body's markdown that go into an entry's summary; the entry links to the rest. */
const SUMMARY_SOURCE_MAX = 2000;
/** Summaries kept rendered (a few MB at most): parsing markdown costs milliseconds a body. */
const MAX_RENDERED = 2_000;

const SORT_LABELS: Record<FeedSort, string> = {
  hot: 'hot',
  activity: 'active',
  latest: 'new',
  day: 'top today',
  week: 'top this week',
  month: 'top this month',
  year: 'top this year',
  all: 'top of all time',
};

/**
 * A feed as it is sent: the XML, its validator, and the time its text last changed (Last-Modified),
 * null while that time cannot be told to the second (see `changedSince`).
 */
export interface AtomDocument {
  xml: string;
  etag: string;
  lastModified: Date | null;
}

/** Where the feed is read from: the site's origin (PUBLIC_URL, else the request's). */
export interface AtomSite {
  origin: string;
}

interface Parsed {
  sort: FeedSort;
  limit: number;
}

function parse(query: AtomQueryParams, defaultSort: FeedSort): Parsed {
  const { sort, limit } = parseFeedQuery({
    sort: query.sort || defaultSort,
    limit: query.limit ?? String(DEFAULT_ENTRIES),
  });
  return { sort, limit };
}

const sortQuery = (sort: FeedSort, defaultSort: FeedSort) =>
  sort === defaultSort ? '' : `?sort=${encodeURIComponent(sort)}`;

/**
 * The feed's own URL, with the query that shapes it, defaults left out: one URL per document, since
 * the cache serves every way of asking for it the same text.
 */
function selfUrl(site: AtomSite, path: string, query: Record<string, string | undefined>): string {
  const url = new URL(`/api/feeds${path}`, site.origin);
  for (const [key, value] of Object.entries(query)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

const shape = (sort: FeedSort, limit: number, defaultSort: FeedSort) => ({
  sort: sort === defaultSort ? undefined : sort,
  limit: limit === DEFAULT_ENTRIES ? undefined : String(limit),
});

const pathPart = encodeURIComponent;

/** The tag: URI of a post or comment: this site's host, the day it was made, its id. */
function tagOf(site: AtomSite, kind: 'post' | 'comment', id: string, createdAt: string): string {
  return `tag:${new URL(site.origin).hostname},${createdAt.slice(0, 10)}:${kind}:${id}`;
}

const rendered = new Map<string, string>();

/**
 * The summary of a body: its first characters as HTML, with a link to the rest when cut. Kept by
 * post or comment and version, so a body is parsed once in this process, not once per feed, sort and
 * poll. `version` changes with every edit.
 */
function bodyHtml(version: string, markdown: string | null, site: AtomSite, readMore: string): string {
  if (!markdown) return '';
  const key = `${site.origin} ${version}`;
  const hit = rendered.get(key);
  if (hit !== undefined) return hit;
  const source = truncateChars(markdown, SUMMARY_SOURCE_MAX);
  const cut = [...markdown].length > SUMMARY_SOURCE_MAX;
  const html =
    markdownToHtml(source, new URL(site.origin)) +
    (cut ? `<p><a href="${escapeHtml(readMore)}">Read more…</a></p>` : '');
  rendered.set(key, html);
  if (rendered.size > MAX_RENDERED) rendered.delete(rendered.keys().next().value!);
  return html;
}

function authorOf(site: AtomSite, username: string, deleted: boolean): AtomEntry['author'] {
  return deleted
    ? { name: username }
    : { name: username, uri: new URL(`/@${pathPart(username)}`, site.origin).toString() };
}

function postEntry(site: AtomSite, post: Post): AtomEntry {
  const link = new URL(
    `/${pathPart(post.communityName)}/post/${pathPart(post.publicId)}`,
    site.origin,
  ).toString();
  const parts: string[] = [];
  if (post.type === 'link' && post.link) {
    parts.push(`<p><a href="${escapeHtml(post.link.url)}">${escapeHtml(post.link.hostname)}</a></p>`);
  }
  const images = post.type === 'image' ? post.images : [];
  for (const image of images) {
    const src = new URL(image.url, site.origin).toString();
    parts.push(
      `<p><img src="${escapeHtml(src)}" width="${image.width}" height="${image.height}" alt="${escapeHtml(image.altText ?? '')}" /></p>`,
    );
  }
  parts.push(bodyHtml(`post:${post.id}:${post.editedAt ?? ''}`, post.body, site, link));
  return {
    id: tagOf(site, 'post', post.id, post.createdAt),
    title: post.title,
    link,
    ...(post.type === 'link' && post.link ? { related: post.link.url } : {}),
    author: authorOf(site, post.username, post.userDeleted),
    published: new Date(post.createdAt),
    updated: new Date(post.editedAt ?? post.createdAt),
    category: {
      term: post.communityName,
      label: post.communityName,
      scheme: new URL('/', site.origin).toString(),
    },
    summaryHtml: parts.join(''),
    enclosures: images.map((image) => ({
      href: new URL(image.url, site.origin).toString(),
      type: image.mimetype,
      length: image.size,
    })),
  };
}

function commentEntry(site: AtomSite, comment: Comment): AtomEntry {
  const link = new URL(
    `/${pathPart(comment.communityName)}/post/${pathPart(comment.postPublicId)}/${comment.id}`,
    site.origin,
  ).toString();
  return {
    id: tagOf(site, 'comment', comment.id, comment.createdAt),
    title: `Comment by @${comment.username} on “${comment.postTitle ?? ''}”`,
    link,
    author: authorOf(site, comment.username, comment.userDeleted),
    published: new Date(comment.createdAt),
    updated: new Date(comment.editedAt ?? comment.createdAt),
    category: {
      term: comment.communityName,
      label: comment.communityName,
      scheme: new URL('/', site.origin).toString(),
    },
    summaryHtml: bodyHtml(`comment:${comment.id}:${comment.editedAt ?? ''}`, comment.body, site, link),
    enclosures: [],
  };
}

/** What a reader may see of a post: not deleted, its content not removed. */
const visiblePost = (post: Post) => !post.deleted && !post.deletedContent;

function newest(entries: AtomEntry[], otherwise: Date): Date {
  return entries.reduce(
    (max, e) => (e.updated > max ? e.updated : max),
    entries.length ? new Date(0) : otherwise,
  );
}

/** Feeds whose text's first sight this process remembers (a few hundred KB at most). */
const MAX_SEEN = 2_000;
const seen = new Map<string, { etag: string; since: number }>();

/**
 * Last-Modified of a feed: when this process first made or read its current text (by its ETag), to
 * the second below. Not the newest entry's `updated`: a hot or top feed re-ranks, and a removal lets
 * an older post into the page, without any entry getting newer. The text was current from before
 * that moment, so a copy older than it is older than the text. Sent only once a whole second has
 * passed since: a change within the same second would otherwise show the same date (RFC 9110
 * §8.8.2.2 calls such a date weak), and If-Modified-Since would take it for unchanged. A process that
 * starts afresh, or forgot the key, sees the text as new: a reader then gets a 200 it could have been
 * spared, never a 304 it should not.
 */
function changedSince(key: string, etag: string, now: number): Date | null {
  let known = seen.get(key);
  if (!known || known.etag !== etag) {
    known = { etag, since: now };
    seen.delete(key);
    seen.set(key, known);
    if (seen.size > MAX_SEEN) seen.delete(seen.keys().next().value!);
  }
  const second = Math.floor(known.since / 1000) * 1000;
  return now - second >= 1000 ? new Date(second) : null;
}

/**
 * A feed's document from the shared read cache (cache/read-cache.ts): the same for every reader, made
 * once however many readers poll at once, and made again after any write that changes pages. A feed
 * whose own changes empty no pages (a list's items) names its `version` as well: another version is
 * another entry, made afresh.
 */
async function cached(
  deps: Deps,
  key: string,
  build: () => Promise<AtomFeed>,
  version = '',
): Promise<AtomDocument> {
  const page = await deps.readCache.get(`atom:${key}:${version}`, async () => atomXml(await build()));
  return {
    xml: page.text,
    etag: page.etag,
    lastModified: changedSince(key, page.etag, deps.clock().getTime()),
  };
}

function feedOf(
  deps: Deps,
  fields: Omit<AtomFeed, 'updated' | 'author' | 'generator'>,
  otherwise: Date,
): AtomFeed {
  return {
    ...fields,
    updated: newest(fields.entries, otherwise),
    author: deps.config.siteName,
    generator: 'Commons',
  };
}

/**
 * A feed page's posts as entries: the pinned posts come first, as on the site's page, and count
 * towards `limit` (the page holds `limit` besides them).
 */
function feedEntries(site: AtomSite, posts: Post[], limit: number): AtomEntry[] {
  return posts
    .filter(visiblePost)
    .slice(0, limit)
    .map((p) => postEntry(site, p));
}

/** `GET /api/feeds/all`: the All feed as a guest sees it, in any of the feed sorts. */
export function getAllAtom(deps: Deps, site: AtomSite, query: AtomQueryParams): Promise<AtomDocument> {
  const { sort, limit } = parse(query, DEFAULT_FEED_SORT);
  return cached(deps, `all:${site.origin}:${sort}:${limit}`, async () => {
    const feed = await getFeed(deps, null, {
      sort,
      feed: 'all',
      communityId: null,
      limit,
      next: null,
      filter: '',
      page: undefined,
    });
    return feedOf(
      deps,
      {
        id: selfUrl(site, '/all', { sort }),
        title: `All posts (${SORT_LABELS[sort]}) - ${deps.config.siteName}`,
        subtitle: deps.config.siteDescription,
        self: selfUrl(site, '/all', shape(sort, limit, DEFAULT_FEED_SORT)),
        alternate: new URL(`/all${sortQuery(sort, DEFAULT_FEED_SORT)}`, site.origin).toString(),
        entries: feedEntries(site, feed.posts, limit),
      },
      new Date(0),
    );
  });
}

/** `GET /api/feeds/communities/{name}`: one community's feed, in any of the feed sorts. */
export async function getCommunityAtom(
  deps: Deps,
  site: AtomSite,
  name: string,
  query: AtomQueryParams,
): Promise<AtomDocument> {
  const { sort, limit } = parse(query, DEFAULT_FEED_SORT);
  const community = await findCommunityByName(deps.db, name);
  if (!community) throw errors.communityNotFound();
  const path = `/communities/${pathPart(community.name)}`;
  return cached(deps, `community:${site.origin}:${community.id}:${sort}:${limit}`, async () => {
    const feed = await getFeed(deps, null, {
      sort,
      feed: 'community',
      communityId: community.id,
      limit,
      next: null,
      filter: '',
      page: undefined,
    });
    return feedOf(
      deps,
      {
        id: selfUrl(site, path, { sort }),
        title: `${community.name} (${SORT_LABELS[sort]}) - ${deps.config.siteName}`,
        ...(community.about ? { subtitle: truncateChars(community.about, 500) } : {}),
        self: selfUrl(site, path, shape(sort, limit, DEFAULT_FEED_SORT)),
        alternate: new URL(
          `/${pathPart(community.name)}${sortQuery(sort, DEFAULT_FEED_SORT)}`,
          site.origin,
        ).toString(),
        entries: feedEntries(site, feed.posts, limit),
      },
      community.created_at,
    );
  });
}

/**
 * `GET /api/feeds/users/{username}`: a user's posts, newest first unless another feed sort is asked
 * for. A banned account has no public feed (404); a deleted one's is empty, as its profile is.
 */
export async function getUserAtom(
  deps: Deps,
  site: AtomSite,
  username: string,
  query: AtomQueryParams,
): Promise<AtomDocument> {
  const { sort, limit } = parse(query, 'latest');
  const user = await findUserByName(deps.db, username);
  if (!user || user.banned_at) throw errors.userNotFound();
  const path = `/users/${pathPart(user.username)}`;
  return cached(deps, `user:${site.origin}:${user.id}:${sort}:${limit}`, async () => {
    const rows = user.deleted_at
      ? []
      : await feedPage(deps.db, {
          scope: { kind: 'user', id: user.id },
          sort,
          cursor: null,
          take: limit,
          viewerId: null,
          hideMutedCommunities: false,
          excludePinned: null,
        });
    const posts = await postJsons(deps, rows, null);
    return feedOf(
      deps,
      {
        id: selfUrl(site, path, { sort }),
        title: `Posts by @${user.username} (${SORT_LABELS[sort]}) - ${deps.config.siteName}`,
        self: selfUrl(site, path, shape(sort, limit, 'latest')),
        alternate: new URL(`/@${pathPart(user.username)}`, site.origin).toString(),
        entries: posts.filter(visiblePost).map((p) => postEntry(site, p)),
      },
      user.created_at,
    );
  });
}

/** Whether a deletion was moderators' or admins' (a post's `deleted_as` or `deleted_content_as`). */
function byModeration(group: string | null): boolean {
  return group === 'mods' || group === 'admins';
}

/** Pages of a list read at most for its feed: enough for 50 entries unless nearly all were removed. */
const LIST_PAGES_READ = 5;

/**
 * A list page's items as entries. A saved comment's post may have been removed since (by moderators or
 * admins, or its content purged by them): the comment then leaves the feed with it. A post its author
 * deleted keeps its comments, as on its page.
 */
async function listEntries(deps: Deps, site: AtomSite, items: ListItem[]): Promise<AtomEntry[]> {
  const commentPosts = items.flatMap((item) =>
    item.targetType === 'comment' && item.targetItem ? [(item.targetItem as Comment).postId] : [],
  );
  const removedPosts = new Set(
    (commentPosts.length ? await postsByIds(deps.db, commentPosts) : [])
      .filter((p) => p.deleted && [p.deleted_as, p.deleted_content_as].some(byModeration))
      .map((p) => p.id),
  );
  return items.flatMap((item) => {
    const target = item.targetItem;
    if (!target) return [];
    if (item.targetType === 'post') {
      const post = target as Post;
      return visiblePost(post) ? [postEntry(site, post)] : [];
    }
    const comment = target as Comment;
    return comment.deleted || removedPosts.has(comment.postId) ? [] : [commentEntry(site, comment)];
  });
}

/**
 * `GET /api/feeds/users/{username}/lists/{listName}`: a public list's posts and comments, in the
 * list's own order unless `sort` names another of the list sorts. A private list is not found.
 */
export async function getListAtom(
  deps: Deps,
  site: AtomSite,
  username: string,
  listName: string,
  query: AtomQueryParams,
): Promise<AtomDocument> {
  // The feeds' limit rule (1 to 50), not the list pages' (where 0 means everything).
  const { limit } = parse({ limit: query.limit }, DEFAULT_FEED_SORT);
  // Bad input before the lookup, as on the list's own routes.
  if (query.sort && !isListItemSort(query.sort)) throw errors.invalidListSort();
  const list = await getList(deps, null, { username, listName });
  const itemQuery = { limit: String(limit), ...(query.sort ? { sort: query.sort } : {}) };
  const path = `/users/${pathPart(list.username)}/lists/${pathPart(list.name)}`;
  // Saving to a list, taking from it or editing it empties no cached pages (every member's bookmarks
  // would empty them for everyone): the list as it reads now names the version. An addition moves its
  // last update, a removal its count, an edit its names, description or order.
  const version = crypto.createHash('sha1').update(JSON.stringify(list)).digest('base64url');
  const key = `list:${site.origin}:${list.id}:${query.sort ?? ''}:${limit}`;
  return cached(
    deps,
    key,
    async () => {
      const entries: AtomEntry[] = [];
      // A list's page ends before a second it would split (its cursor is one), and removed posts leave
      // the feed after the page is read: the next pages are read until the feed has its `limit`.
      let next: string | null = null;
      for (let reads = 0; reads < LIST_PAGES_READ; reads++) {
        const page = await getListItems(
          deps,
          null,
          { listId: String(list.id) },
          { ...itemQuery, ...(next ? { next } : {}) },
        );
        entries.push(...(await listEntries(deps, site, page.items)));
        next = page.next;
        if (entries.length >= limit || next === null) break;
      }
      // A page may also run past a second's items; a feed has no next page and keeps the first `limit`.
      entries.splice(limit);
      return feedOf(
        deps,
        {
          id: selfUrl(site, path, { sort: query.sort }),
          title: `${list.displayName} by @${list.username} - ${deps.config.siteName}`,
          ...(list.description ? { subtitle: truncateChars(list.description, 500) } : {}),
          self: selfUrl(site, path, {
            sort: query.sort,
            limit: limit === DEFAULT_ENTRIES ? undefined : String(limit),
          }),
          alternate: new URL(
            `/@${pathPart(list.username)}/lists/${pathPart(list.name)}`,
            site.origin,
          ).toString(),
          entries,
        },
        new Date(list.createdAt),
      );
    },
    version,
  );
}
