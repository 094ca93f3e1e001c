import type { CommunitySort } from '@commons/shared';

/** Query keys of the admin dashboard. Everything here is read by admins only, so no viewer part. */
export const adminKeys = {
  all: ['admin'] as const,
  siteSettings: ['admin', 'site-settings'] as const,
  users: ['admin', 'users'] as const,
  comments: ['admin', 'comments'] as const,
  communities: (sort: CommunitySort) => ['admin', 'communities', sort] as const,
  ipBlocks: ['admin', 'ipblocks'] as const,
  analytics: ['admin', 'analytics'] as const,
  activity: ['admin', 'analytics', 'activity'] as const,
  communityRequests: ['admin', 'community-requests'] as const,
};
