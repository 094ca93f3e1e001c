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
  return (
    <div className={styles.actions} data-comment-actions>
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
        <button type="button" className={styles.textButton} onClick={reply}>
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
