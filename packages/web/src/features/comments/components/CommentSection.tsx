import { useEffect, useMemo, useRef, useState } from 'react';
import { messages, ui, type Post } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { useIsMobileLayout, useMediaQuery } from '../../../lib/device';
import { canShareNatively } from '../../../lib/share';
import { useAuthDialogs } from '../../auth/components/AuthDialogs';
import { useCurrentUser } from '../../session/api/get-current-user';
import { createCommentError, useCreateComment } from '../api/create-comment';
import { useComments, useFocusedComment, useLoadReplies, useMoreComments } from '../api/get-comments';
import { buildTree, speakingGroups } from '../comment-tree';
import { CommentForm } from './CommentForm';
import { CommentItem, type CommentLayout } from './CommentItem';
import styles from './Comments.module.css';

interface Props {
  post: Post;
  /** The full post has arrived (not a feed's copy), with its first page of comments. */
  ready: boolean;
  focusedId?: string;
}

/**
 * The comment section of a post (core §2, §9): the new-comment box, 'No comments yet.', the threads,
 * top-level comments shown a batch at a time (20, or 5 on phones, the next after 100 or 250 ms) and
 * 'N more comments' for the server's next page.
 */
export function CommentSection({ post, ready, focusedId }: Props) {
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
  const comments = query.data?.comments;
  useFocusedComment(post, focusedId, comments);
  const tree = useMemo(() => (comments ? buildTree(comments) : []), [comments]);

  const batch = mobile ? ui.commentBatchMobile : ui.commentBatch;
  const delay = mobile ? ui.commentBatchDelayMobileMs : ui.commentBatchDelayMs;
  const [shown, setShown] = useState<number>(batch);
  useEffect(() => {
    if (shown >= tree.length) return;
    const timer = setTimeout(() => setShown((n) => n + batch), delay);
    return () => clearTimeout(timer);
  }, [shown, tree.length, batch, delay]);

  // Brought into view once, as soon as it is on the page (it may arrive with a later batch).
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!focusedId || scrolledTo.current === focusedId) return;
    const element = document.getElementById(`comment-${focusedId}`);
    if (!element) return;
    scrolledTo.current = focusedId;
    element.scrollIntoView({ block: 'center' });
  }, [focusedId, comments, shown]);

  const moderates = Boolean(post.community?.userMod);
  const remaining = Math.max(0, post.noComments - (comments?.length ?? 0));

  return (
    <section className={styles.section} aria-labelledby="comments-title">
      <h2 id="comments-title" className={styles.title}>
        {post.noComments} {post.noComments === 1 ? 'comment' : 'comments'}
      </h2>
      {viewer ? (
        post.locked ? null : (
          <CommentForm
            label="Add a comment"
            submitLabel="Comment"
            busy={create.isPending}
            groups={speakingGroups(viewer, moderates)}
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
        <ul className={styles.list}>
          {tree.slice(0, shown).map((node) => (
            <CommentItem
              key={node.comment.id}
              node={node}
              post={post}
              viewer={viewer}
              moderates={moderates}
              layout={layout}
              focusedId={focusedId}
              onLoadReplies={loadReplies}
            />
          ))}
        </ul>
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
