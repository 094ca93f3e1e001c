import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Comment } from '@commons/shared';
import { UserText } from '../../../components/markdown/UserText';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { authorLabel, VotePair } from '../../posts';
import { useCurrentUser } from '../../session';
import { commentPath, deletedByText, useVoteComment } from '../../comments';
import styles from './Profile.module.css';

/**
 * A comment in a profile feed (and a list): the post it answers, when, its words and its votes, and
 * `actions` beside the votes where the page has some (a list's Remove from list). A list holds
 * anyone's comments, so there it names the author (`withAuthor`); on a profile the page does.
 */
export function ProfileComment({
  comment,
  actions,
  withAuthor = false,
}: {
  comment: Comment;
  actions?: ReactNode;
  withAuthor?: boolean;
}) {
  const vote = useVoteComment();
  const author = authorLabel(comment, useCurrentUser());
  return (
    <article className={styles.commentCard} aria-label={`Comment on ${comment.postTitle ?? 'a post'}`}>
      <p className={styles.commentContext}>
        <Link
          href={`/${comment.communityName}/post/${comment.postPublicId}`}
          className={styles.postTitle}
          dir="auto"
        >
          {comment.postTitle}
        </Link>
        <span aria-hidden="true"> · </span>
        <span>{comment.communityName}</span>
        {withAuthor && (
          <span className={styles.when}>
            <span aria-hidden="true"> · </span>
            {author.linked && !comment.contentStripped ? (
              <Link href={`/@${author.name}`} className={styles.commentAuthor}>
                @{author.name}
              </Link>
            ) : (
              <span>{comment.contentStripped ? comment.username : author.name}</span>
            )}
          </span>
        )}
        {/* The dot goes with the time, so a wrapped line never ends on it. */}
        <span className={styles.when}>
          <span aria-hidden="true"> · </span>
          <Link href={commentPath(comment)} className={styles.time}>
            <RelativeTime date={comment.createdAt} />
          </Link>
        </span>
      </p>
      {comment.deleted && <p className={styles.muted}>{deletedByText(comment)}</p>}
      {!comment.contentStripped && comment.body && (
        <div className={styles.commentBody} dir="auto">
          <UserText text={comment.body} embeds={false} />
        </div>
      )}
      <div className={styles.commentActions}>
        {/* Core §4: no votes on deleted comments. */}
        <VotePair state={comment} compact disabled={comment.deleted} onVote={(up) => vote(comment, up)} />
        {actions}
      </div>
    </article>
  );
}
