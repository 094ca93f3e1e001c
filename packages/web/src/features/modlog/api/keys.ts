import { nameKey } from '@commons/shared';

/** What one list of the log shows: a community's (by name) or the site's, and its filters. */
export interface ModLogFilters {
  action: string;
  moderator: string;
}

/** Query keys of the moderation log; every list is cached per community and filters. */
export const modLogKeys = {
  all: ['modlog'] as const,
  list: (community: string | null, filters: ModLogFilters) =>
    ['modlog', community === null ? null : nameKey(community), filters] as const,
};
