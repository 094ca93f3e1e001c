/**
 * Mutation keys of the settings feature. Its data has no queries of its own: the account is the
 * session's user and the mutes are the session's `_initial.mutes` (both in the session feature's cache).
 */
export const settingsKeys = {
  all: ['settings'] as const,
  updateProfile: ['settings', 'update-profile'] as const,
  changePassword: ['settings', 'change-password'] as const,
  deleteAccount: ['settings', 'delete-account'] as const,
};
