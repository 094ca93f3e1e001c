/**
 * The enumerated query values of the contract (API.md §20), defined once for the server, which refuses
 * any other value, and the client, which offers them in this order.
 */

/** A guard for one of these lists: the server's check of a query value, the client's of a stored one. */
const oneOf =
  <T extends readonly string[]>(values: T) =>
  (value: unknown): value is T[number] =>
    values.includes(value as T[number]);

/** `GET /api/posts?feed=` (API.md §8.1); `communityId` alone means `community`. */
export const FEED_TYPES = ['all', 'home', 'moderating', 'community'] as const;
export type FeedType = (typeof FEED_TYPES)[number];

export const isFeedType = oneOf(FEED_TYPES);

/** `GET /api/posts?sort=` (API.md §8.1): the first three are the feed's tabs, the last five its Top menu. */
export const FEED_SORTS = ['hot', 'activity', 'latest', 'day', 'week', 'month', 'year', 'all'] as const;
export type FeedSort = (typeof FEED_SORTS)[number];
export const DEFAULT_FEED_SORT: FeedSort = 'hot';

export const isFeedSort = oneOf(FEED_SORTS);

/** `GET /api/communities?sort=` (API.md §11.1), in the order the All Communities page offers them. */
export const COMMUNITY_SORTS = ['size', 'new', 'old', 'name_asc', 'name_dsc'] as const;
export type CommunitySort = (typeof COMMUNITY_SORTS)[number];

export const isCommunitySort = oneOf(COMMUNITY_SORTS);

/** `GET /api/communities?set=` (API.md §11.1). */
export const COMMUNITY_SETS = ['all', 'default', 'subscribed'] as const;
export type CommunitySet = (typeof COMMUNITY_SETS)[number];

export const isCommunitySet = oneOf(COMMUNITY_SETS);

/** `GET /api/users/{username}/feed?filter=` (API.md §7.3): both kinds (empty), posts, or comments. */
export const USER_FEED_FILTERS = ['', 'posts', 'comments'] as const;
export type UserFeedFilter = (typeof USER_FEED_FILTERS)[number];

export const isUserFeedFilter = oneOf(USER_FEED_FILTERS);

/**
 * The groups one speaks or acts as (`userGroup`, `deleteAs`, `lockAs`): UserGroup (API.md §2.2) without
 * the "null" of stripped content.
 */
export const GROUPS = ['normal', 'mods', 'admins'] as const;
export type Group = (typeof GROUPS)[number];

export const isGroup = oneOf(GROUPS);

/** What `POST /api/_report` reports (API.md §11.11). */
export const REPORT_TYPES = ['post', 'comment'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const isReportType = oneOf(REPORT_TYPES);

/** `GET /api/users/{username}/lists?sort=` (API.md §14.1): last added first (the default), or by name. */
export const LISTS_SORTS = ['lastAdded', 'name'] as const;
export type ListsSort = (typeof LISTS_SORTS)[number];

export const isListsSort = oneOf(LISTS_SORTS);

/** `GET /api/users/{username}/lists?filter=` (API.md §14.1). */
export const LISTS_FILTERS = ['all', 'public', 'private'] as const;
export type ListsFilter = (typeof LISTS_FILTERS)[number];

export const isListsFilter = oneOf(LISTS_FILTERS);

/**
 * The order of a list's items (API.md §14.4): a list's `sort` and the items' `?sort=`. Added: when the
 * item was saved; created: the target's id, which orders by the target's creation time.
 */
export const LIST_ITEM_SORTS = ['addedDsc', 'addedAsc', 'createdDsc', 'createdAsc'] as const;
export type ListItemSort = (typeof LIST_ITEM_SORTS)[number];

export const isListItemSort = oneOf(LIST_ITEM_SORTS);

/** What a list item (and `_saved_to`) names (API.md §14.4, §14.6): ContentType. */
export const CONTENT_TYPES = ['post', 'comment'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const isContentType = oneOf(CONTENT_TYPES);

/** The kinds of notification (API.md §5.11, DOMAIN §5.2); `POST /api/notifications?type=` takes one. */
export const NOTIFICATION_TYPES = [
  'new_comment',
  'comment_reply',
  'new_votes',
  'deleted_post',
  'mod_add',
  'new_badge',
  'welcome',
  'announcement',
  'denied_comm',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const isNotificationType = oneOf(NOTIFICATION_TYPES);

/** `GET /api/communities/{id}/reports?filter=` (API.md §11.8); empty means `all`. */
export const REPORT_FILTERS = ['all', 'posts', 'comments'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export const isReportFilter = oneOf(REPORT_FILTERS);
