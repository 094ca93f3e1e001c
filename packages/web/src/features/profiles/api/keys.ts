/** Query keys of the profiles feature (a profile's feed holds posts: see `postKeys.profile`). */
export const userKeys = {
  all: ['users'] as const,
  profile: (username: string, viewer: string | null) =>
    ['users', 'profile', username.toLowerCase(), viewer] as const,
  /** Every detail of the account, for admins. */
  adminDetails: (username: string, viewer: string | null) =>
    ['users', 'profile', username.toLowerCase(), viewer, 'admin'] as const,
};
