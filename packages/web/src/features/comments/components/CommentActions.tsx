import { useEffect, useRef } from 'react';
import { messages } from '@commons/shared';
import { Icon } from '../../../components/ui/Icon';
import { LazyMenu } from '../../../components/ui/LazyMenu';
import { VotePair } from '../../posts';
import { useCommentThread } from './comment-thread-context';
import styles from './Comments.module.css';
import type { CommentItemState } from './use-comment-item';

/** A comment's row of actions: the votes, Reply, and the others as buttons or in one menu. */
export function CommentActions({ item }: { item: CommentItemState }) {
  const { post, vote } = useCommentThread();
  const { comment, canReply, mode, reply, inMenu, more } = item;
  const row = useRef<HTMLDivElement>(null);
  const previousMode = useRef(mode);
  useEffect(() => {
    const was = previousMode.current;
    previousMode.current = mode;
    // A reply or edit box that closed (sent or cancelled) took the focus with it, to the page's start:
    // it comes back to this comment's actions, where the keyboard was.
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (was !== 'read' && mode === 'read' && lost) {
      const actions = row.current;
      (
        actions?.querySelector<HTMLElement>('[data-reply]') ??
        actions?.querySelector<HTMLElement>('button:not(:disabled)')
      )?.focus();
    }
  }, [mode]);
  return (
    <div className={styles.actions} data-comment-actions ref={row}>
      <VotePair
        state={comment}
        compact
        disabled={post.locked || comment.deleted}
        disabledTitle={
          comment.deleted ? messages.comments.cannotVoteDeleted : 'Voting is off on locked posts'
        }
        onVote={(up) => vote(comment, up)}
      />
      {canReply && mode !== 'reply' && (
        <button type="button" className={styles.textButton} onClick={reply} data-reply>
          Reply
        </button>
      )}
      {inMenu
        ? more.length > 0 && (
            <LazyMenu
              label="Comment options"
              triggerLabel="More options"
              triggerClassName={styles.menuButton}
              trigger={<Icon name="dots" size={18} />}
              items={() => more.map((action) => ({ kind: 'action' as const, ...action }))}
            />
          )
        : more.map((action) => (
            <button key={action.label} type="button" className={styles.textButton} onClick={action.onSelect}>
              {action.label}
            </button>
          ))}
    </div>
  );
}
