import { lazy, memo, Suspense, useRef } from 'react';
import { UserText } from '../../../components/markdown/UserText';
import { ReportDialog } from '../../reports';
import { deletedByText, type CommentNode } from '../comment-tree';
import { inHighlight } from '../highlight';
import { CommentActions } from './CommentActions';
import { DeleteDialog, EditBox, ReplyBox } from './CommentBoxes';
import { CommentHead } from './CommentHead';
import styles from './Comments.module.css';
import { FoldedBody } from './FoldedBody';
import { useCommentItem } from './use-comment-item';

// Loaded when someone first saves a comment: most readers of a thread never do.
const SaveToListModal = lazy(() => import('../../lists').then((m) => ({ default: m.SaveToListModal })));

interface Props {
  node: CommentNode;
  /** A comment above this one is locked: no replies anywhere below it. */
  lockedAbove?: boolean;
}

/**
 * One comment and the thread below it (core §2 Comments): author with OP tag and '(new)' label, time
 * and 'Edited', body, votes, Reply, Edit, Delete with a confirmation, Copy link, Share, Lock for
 * moderators and admins, collapsing, and 'N more replies' for replies not loaded yet. Deleted comments
 * keep their place and say by whom; they take no votes and no replies. Dialogs and request hooks are
 * made only when used: a thread shows hundreds of comments and few are ever acted on.
 */
export const CommentItem = memo(function CommentItem({ node, lockedAbove = false }: Props) {
  const item = useCommentItem(node, lockedAbove);
  const { post, viewer, layout, focusedId, highlight } = item.thread;
  const { comment, collapsed, mode, deleteAs } = item;
  const headingId = `comment-${comment.id}-by`;
  const highlighted = inHighlight(highlight, comment.createdAt);
  // Focus stays on the comment when the control that had it goes (Delete, "Show it").
  const self = useRef<HTMLLIElement>(null);

  return (
    <li
      ref={self}
      id={`comment-${comment.id}`}
      className={styles.comment}
      aria-labelledby={headingId}
      tabIndex={-1}
    >
      <div
        className={`${styles.own} ${focusedId === comment.id || highlighted ? styles.focused : ''}`}
        data-comment-own
        data-highlighted={highlighted || undefined}
      >
        <CommentHead
          comment={comment}
          post={post}
          viewerId={viewer?.id ?? null}
          author={item.author}
          official={item.official}
          headingId={headingId}
          collapsed={collapsed}
          onToggleCollapsed={item.toggleCollapsed}
        />

        {!collapsed && (
          <div className={styles.content}>
            {comment.deleted && <p className={styles.deletedNote}>{deletedByText(comment)}</p>}
            {item.hiddenForMute ? (
              <button
                type="button"
                className={styles.textButton}
                onClick={() => {
                  self.current?.focus({ preventScroll: true });
                  item.showMuted();
                }}
              >
                Comment by a muted user. Show it
              </button>
            ) : mode === 'edit' ? (
              <EditBox comment={comment} onClose={item.closeBox} />
            ) : (
              !(comment.deleted && comment.contentStripped) &&
              comment.body && (
                <FoldedBody mobile={layout.mobile}>
                  <UserText text={comment.body} embeds={!viewer?.embedsOff} />
                </FoldedBody>
              )
            )}

            <CommentActions item={item} />

            {mode === 'reply' && <ReplyBox comment={comment} onClose={item.closeBox} />}
          </div>
        )}
      </div>

      {!collapsed && (node.children.length > 0 || node.missingReplies > 0) && (
        <div className={styles.thread}>
          {node.children.length > 0 && (
            <ul className={styles.replies}>
              {node.children.map((child) => (
                <CommentItem key={child.comment.id} node={child} lockedAbove={item.threadLocked} />
              ))}
            </ul>
          )}
          {node.missingReplies > 0 && (
            <button
              type="button"
              className={styles.more}
              disabled={item.loadingReplies}
              onClick={item.loadMoreReplies}
            >
              {node.missingReplies} more {node.missingReplies === 1 ? 'reply' : 'replies'}
            </button>
          )}
        </div>
      )}

      {item.canReport && item.reporting !== null && (
        <ReportDialog
          type="comment"
          targetId={comment.id}
          open={item.reporting}
          onOpenChange={item.setReporting}
        />
      )}
      {viewer && item.saving && (
        <Suspense fallback={null}>
          <SaveToListModal targetType="comment" targetId={comment.id} onClose={() => item.setSaving(false)} />
        </Suspense>
      )}
      {deleteAs && item.confirming !== null && (
        <DeleteDialog
          comment={comment}
          as={deleteAs}
          open={item.confirming}
          onOpenChange={item.setConfirming}
          returnFocusTo={self}
        />
      )}
    </li>
  );
});
