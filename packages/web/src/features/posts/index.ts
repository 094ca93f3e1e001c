/** The posts feature's public entry: what other features use of it. */
export { postKeys } from './api/keys';
export {
  holdFeedItems,
  replacePostEverywhere,
  updatePostEverywhere,
  updateProfileItems,
} from './api/post-cache';
export { FeedPaging } from './components/FeedPaging';
export { PostCard } from './components/PostCard';
export { VotePair } from './components/VoteButtons';
export { infiniteScrollingDisabled, useFeedLayout } from './feed-preferences';
export { applyVote, authorLabel, isEdited, speakingAs, type VoteState } from './post-rules';
export { useInfiniteScroll } from './use-infinite-scroll';
