import type { FeedParams } from './get-feed';

/**
 * Query keys of the posts feature. Feeds, profile feeds and single posts all hold posts, so all of them
 * get updated; each group is a prefix of its members' keys.
 */
export const postKeys = {
  all: ['posts'] as const,
  feeds: ['posts', 'feed'] as const,
  feed: (params: FeedParams) => ['posts', 'feed', params] as const,
  details: ['posts', 'detail'] as const,
  /** The post as every viewer sees it: a prefix of `detailFor`. */
  detail: (publicId: string) => ['posts', 'detail', publicId] as const,
  detailFor: (publicId: string, viewer: string | null) => ['posts', 'detail', publicId, viewer] as const,
  hidden: ['posts', 'hidden'] as const,
  /** Profile feeds: a user's posts and comments. */
  profiles: ['posts', 'profile'] as const,
  profile: (username: string, filter: string, viewer: string | null) =>
    ['posts', 'profile', username.toLowerCase(), filter, viewer] as const,
};
