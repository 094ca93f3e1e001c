import { createContext, useContext } from 'react';
import type { Comment, Post, User } from '@commons/shared';
import type { HighlightRange } from '../highlight';

/** What the reader's screen allows, read once for the whole section rather than per comment. */
export interface CommentLayout {
  /** Phone layout: a comment's other actions go in one menu. */
  mobile: boolean;
  /** Narrower than 1171 px with a share sheet: comments offer Share (core §10). */
  shareSheet: boolean;
}

/**
 * What every comment of a post's section shares: the post, the reader and their powers, the screen,
 * and the section-wide actions. Given once by the section instead of passed down every level of a
 * thread, and the hooks behind the actions run once per section rather than once per comment, which
 * is much of what a long thread costs to show.
 */
export interface CommentThread {
  post: Post;
  viewer: User | null;
  /** The reader moderates the post's community. */
  moderates: boolean;
  layout: CommentLayout;
  focusedId: string | undefined;
  /** The comments a merged notification is about (its link's highlightFrom / highlightTo). */
  highlight: HighlightRange | null;
  loadReplies: (comment: Comment) => Promise<void>;
  vote: (comment: Comment, up: boolean) => void;
  toggleLock: (comment: Comment, as: 'mods' | 'admins') => void;
  /** For guests' Reply: the 'Login to continue' prompt (core §6). */
  openLoginPrompt: () => void;
}

export const CommentThreadContext = createContext<CommentThread | null>(null);

export function useCommentThread(): CommentThread {
  const thread = useContext(CommentThreadContext);
  if (!thread) throw new Error('A comment is shown outside its comment section.');
  return thread;
}
