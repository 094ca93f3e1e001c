/** Query keys of the session feature. */
export const sessionKeys = {
  initial: ['initial'] as const,
  currentUser: ['current-user'] as const,
};
