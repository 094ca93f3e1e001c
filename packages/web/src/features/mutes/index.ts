/** The mutes feature's public entry: what other features use of it. */
export { useMuteState, useMutes } from './api/mute-state';
export { useUnmute, useUnmuteAll } from './api/unmute';
export type { MuteTarget } from './api/mute';
export { MuteUserButton } from './components/MuteUserButton';
export { MutedWordsSettings } from './components/MutedWordsSettings';
export { useCommunityMuteItem, usePostMuteItems } from './components/mute-items';
