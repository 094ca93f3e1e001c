/** The comments feature's public entry: what other features use of it. */
export { useVoteComment } from './api/vote-comment';
export { commentPath, deletedByText } from './comment-tree';
export { commentKeys } from './api/keys';
