import { nameKey, type CommunitySort } from '@commons/shared';

/** Query keys of the communities feature. */
export const communityKeys = {
  /** The All Communities page and the picker's suggestions. */
  lists: ['communities'] as const,
  list: (sort: CommunitySort, q: string) => ['communities', 'list', { sort, q }] as const,
  search: (q: string) => ['communities', 'search', q] as const,
  /** Communities are cached by name, case-insensitively (core §7), per viewer (userJoined, userMod). */
  detail: (name: string, viewer: string | null) => ['community', nameKey(name), viewer] as const,
};
