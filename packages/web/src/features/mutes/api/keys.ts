/** Query keys of the mutes feature. The mutes themselves live in the session's `_initial` (mute-state.ts). */
export const mutesKeys = {
  mutedWords: (viewer: string) => ['muted-words', viewer] as const,
};
