/** The communities feature's public entry: what other features use of it. */
export { communityQuery } from './api/get-community';
export { communityKeys } from './api/keys';
export { CommunityPicker, memberCount } from './components/CommunityPicker';
