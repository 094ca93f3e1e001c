import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Comment } from '@commons/shared';
import { UserText } from '../../../components/markdown/UserText';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { VotePair } from '../../posts';
import { commentPath, deletedByText, useVoteComment } from '../../comments';
import styles from './Profile.module.css';

/**
 * A comment in a profile feed (and a list): the post it answers, when, its words and its votes, and
 * `actions` beside the votes where the page has some (a list's Remove from list).
 */
export function ProfileComment({ comment, actions }: { comment: Comment; actions?: ReactNode }) {
  const vote = useVoteComment();
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
        <VotePair state={comment} compact disabled={false} onVote={(up) => vote(comment, up)} />
        {actions}
      </div>
    </article>
  );
}
