import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { messages, ui, type Comment, type Post } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { useIsMobileLayout, useMediaQuery } from '../../../lib/device';
import { canShareNatively } from '../../../lib/share';
import { useAuthDialogs } from '../../auth';
import { useCurrentUser } from '../../session';
import { createCommentError, useCreateComment } from '../api/create-comment';
import { useComments, useFocusedComment, useLoadReplies, useMoreComments } from '../api/get-comments';
import { useLockComment } from '../api/edit-comment';
import { useVoteComment } from '../api/vote-comment';
import { buildTree, countThreads, speakingGroups } from '../comment-tree';
import type { HighlightRange } from '../highlight';
import { CommentForm, commentDraftKeys } from './CommentForm';
import { CommentItem } from './CommentItem';
import { CommentThreadContext, type CommentLayout, type CommentThread } from './comment-thread-context';
import styles from './Comments.module.css';

interface Props {
  post: Post;
  /** The full post has arrived (not a feed's copy), with its first page of comments. */
  ready: boolean;
  focusedId?: string;
  /** A merged notification's comments, highlighted (API.md §18.12). */
  highlight?: HighlightRange | null;
}

/**
 * The comment section of a post (core §2, §9): the new-comment box, 'No comments yet.', the threads,
 * and 'N more comments' for the server's next page. The threads that fill the first screen come with
 * the post; the rest follow in small chunks, each rendered as a transition (so React yields to the
 * browser while it works) right after the previous one is in the page: no long tasks while the reader
 * starts scrolling, and the whole thread is there within about a second.
 */
export function CommentSection({ post, ready, focusedId, highlight = null }: Props) {
  const viewer = useCurrentUser();
  const mobile = useIsMobileLayout();
  const narrow = useMediaQuery(`(max-width: ${ui.shareSheetBelowPx - 1}px)`);
  const layout = useMemo<CommentLayout>(
    () => ({ mobile, shareSheet: narrow && canShareNatively() }),
    [mobile, narrow],
  );
  const { openLoginPrompt } = useAuthDialogs();
  const query = useComments(post, ready);
  const more = useMoreComments(post);
  const loadReplies = useLoadReplies(post);
  const create = useCreateComment(post);
  const vote = useVoteComment();
  const comments = query.data?.comments;
  const focused = useFocusedComment(post, focusedId, comments);
  const tree = useMemo(() => (comments ? buildTree(comments) : []), [comments]);
  const moderates = Boolean(post.community?.userMod);

  const firstScreen = useMemo(
    () => countThreads(tree, 0, mobile ? ui.commentFirstRenderMobile : ui.commentFirstRender),
    [tree, mobile],
  );
  const [rendered, setRendered] = useState(0);
  const shown = Math.max(rendered, firstScreen);
  useEffect(() => {
    if (shown >= tree.length) return;
    // A task of its own for each chunk, so the browser paints and handles input in between.
    const timer = setTimeout(() =>
      startTransition(() => setRendered(countThreads(tree, shown, ui.commentChunk))),
    );
    return () => clearTimeout(timer);
  }, [shown, tree]);

  // Brought into view once, as soon as it is on the page (it may arrive with a later chunk).
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!focusedId || scrolledTo.current === focusedId) return;
    const element = document.getElementById(
      focused === 'not-found' ? 'comment-not-found' : `comment-${focusedId}`,
    );
    if (!element) return;
    scrolledTo.current = focusedId;
    // The comment's own block, not the thread below it: a tall thread centred would put the comment
    // itself above the screen.
    (element.querySelector(':scope > [data-comment-own]') ?? element).scrollIntoView({ block: 'center' });
  }, [focusedId, focused, comments, shown]);

  // The first highlighted comment, brought into view once it is on the page (unless a linked comment was).
  const highlightShown = useRef<HighlightRange | null>(null);
  useEffect(() => {
    if (!highlight || focusedId || highlightShown.current === highlight) return;
    const element = document.querySelector('[data-highlighted]');
    if (!element) return;
    highlightShown.current = highlight;
    element.scrollIntoView({ block: 'center' });
  }, [highlight, focusedId, comments, shown]);

  const { mutate: mutateLock, isPending: locking } = useLockComment();
  const toggleLock = useCallback(
    (comment: Comment, as: 'mods' | 'admins') => {
      if (locking) return;
      mutateLock(
        { comment, lock: !comment.locked, as },
        { onError: (error) => showAlert(errorText(error), { tone: 'error' }) },
      );
    },
    [mutateLock, locking],
  );
  const thread = useMemo<CommentThread>(
    () => ({
      post,
      viewer,
      moderates,
      layout,
      focusedId,
      highlight,
      loadReplies,
      vote,
      toggleLock,
      openLoginPrompt,
    }),
    [post, viewer, moderates, layout, focusedId, highlight, loadReplies, vote, toggleLock, openLoginPrompt],
  );
  const remaining = Math.max(0, post.noComments - (comments?.length ?? 0));

  return (
    <section className={styles.section} aria-labelledby="comments-title">
      <h2 id="comments-title" className={styles.title}>
        {post.noComments} {post.noComments === 1 ? 'comment' : 'comments'}
      </h2>
      {focused === 'not-found' && (
        <p id="comment-not-found" className={styles.notice} role="status">
          {messages.comments.focusedNotFound}
        </p>
      )}
      {viewer ? (
        post.locked ? null : (
          <CommentForm
            label="Add a comment"
            submitLabel="Comment"
            busy={create.isPending}
            groups={speakingGroups(viewer, moderates)}
            draftKey={commentDraftKeys.newComment(post.id)}
            onSubmit={async (body, userGroup) => {
              try {
                await create.mutateAsync({ body, parentId: null, userGroup });
              } catch (error) {
                throw new Error(createCommentError(error), { cause: error });
              }
            }}
          />
        )
      ) : (
        <Button variant="secondary" onClick={openLoginPrompt}>
          {messages.common.joinTheDiscussion}
        </Button>
      )}

      {!comments ? (
        <Skeleton lines={3} count={2} label="Loading comments" />
      ) : tree.length === 0 ? (
        <p className={styles.empty}>{messages.comments.noComments}</p>
      ) : (
        <CommentThreadContext.Provider value={thread}>
          <ul className={styles.list}>
            {tree.slice(0, shown).map((node) => (
              <CommentItem key={node.comment.id} node={node} />
            ))}
          </ul>
        </CommentThreadContext.Provider>
      )}
      {query.data?.next && shown >= tree.length && (
        <button
          type="button"
          className={styles.more}
          disabled={more.loading}
          onClick={() => void more.loadMore()}
        >
          {remaining} more {remaining === 1 ? 'comment' : 'comments'}
        </button>
      )}
    </section>
  );
}
