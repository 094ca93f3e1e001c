import { Link } from 'wouter';
import { messages, type Comment, type Post } from '@commons/shared';
import { Icon } from '../../../components/ui/Icon';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { isEdited, type authorLabel } from '../../posts';
import { commentPath, isByPostAuthor, isNewSinceVisit } from '../comment-tree';
import styles from './Comments.module.css';

/**
 * A comment's first line: the collapse button, then the author with the OP tag, the group spoken as,
 * the time (a link to the comment), 'Edited', '(new)' and 'Locked'.
 */
export function CommentHead({
  comment,
  post,
  viewerId,
  author,
  official,
  headingId,
  collapsed,
  onToggleCollapsed,
}: {
  comment: Comment;
  post: Post;
  viewerId: string | null;
  author: ReturnType<typeof authorLabel>;
  official: string | null;
  headingId: string;
  collapsed: boolean;
  onToggleCollapsed: () => void;
}) {
  return (
    <div className={styles.head}>
      <button
        type="button"
        className={styles.collapse}
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand thread' : 'Collapse thread'}
        onClick={onToggleCollapsed}
      >
        {collapsed ? '+' : '−'}
      </button>
      <span id={headingId} className={styles.byline}>
        {comment.contentStripped ? (
          <span className={styles.ghost}>{comment.username}</span>
        ) : author.linked ? (
          <Link
            href={`/@${author.name}`}
            className={`${styles.author} ${author.deleted ? styles.deletedAuthor : ''}`}
          >
            @{author.name}
          </Link>
        ) : (
          <span className={styles.ghost}>{author.name}</span>
        )}
        {isByPostAuthor(comment, post) && <span className={styles.op}>OP</span>}
        {official && <span className={styles.official}>{official}</span>}
        {/* The dot goes with the time, so a narrow line never ends on it. */}
        <span className={styles.when}>
          <span aria-hidden="true">·</span>
          <Link href={commentPath(comment)} className={styles.time}>
            <RelativeTime date={comment.createdAt} />
          </Link>
        </span>
        {isEdited(comment) && <span className={styles.meta}>{messages.posts.edited}</span>}
        {isNewSinceVisit(comment, post, viewerId) && <span className={styles.new}>(new)</span>}
        {comment.locked && (
          <span
            className={styles.lockedTag}
            title={`Replies locked by ${comment.lockedByGroup === 'admins' ? 'admins' : 'moderators'}`}
          >
            <Icon name="lock" size={14} /> Locked
          </span>
        )}
      </span>
    </div>
  );
}
