import { nameKey } from '@commons/shared';

/** Query keys of the moderation tools; each list is cached per community id. */
export const modtoolsKeys = {
  all: ['modtools'] as const,
  community: (communityId: string) => ['modtools', communityId] as const,
  reports: (communityId: string, filter: ReportFilter, page: number) =>
    ['modtools', communityId, 'reports', { filter, page }] as const,
  posts: (communityId: string, filter: ModtoolsPostFilter, page: number) =>
    ['modtools', communityId, 'posts', { filter, page }] as const,
  banned: (communityId: string) => ['modtools', communityId, 'banned'] as const,
  /** Every viewer's cached copy of one community (the communities feature keys them by name, viewer). */
  communityDetail: (name: string) => ['community', nameKey(name)] as const,
};

/** Which reports the Reports tab lists (API.md §11.8). */
export type ReportFilter = 'all' | 'posts' | 'comments';

/** The Removed and Locked tabs (API.md §8.1, modtools feeds). */
export type ModtoolsPostFilter = 'deleted' | 'locked';

/** Page size of every moderation list (secondary §7). */
export const MODTOOLS_PAGE_SIZE = 10;
