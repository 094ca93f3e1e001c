import { useState } from 'react';
import { Link } from 'wouter';
import type { Comment } from '@commons/shared';
import { messages } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Skeleton } from '../../../components/ui/Skeleton';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { useAdminComments } from '../api/get-comments';
import { useRemoveComment } from '../api/remove-comment';
import { formatDateTime } from '../format';
import styles from './Admin.module.css';
import { LoadFailed, MoreButton } from './Paging';

function commentPath(comment: Comment): string {
  return `/${comment.communityName}/post/${comment.postPublicId}/${comment.id}`;
}

function CommentRow({ comment, onRemove }: { comment: Comment; onRemove: (comment: Comment) => void }) {
  const title = comment.postTitle ?? 'a post';
  return (
    <li className={styles.item}>
      <div className={styles.itemHead}>
        <p className={styles.meta}>
          <Link href={`/@${comment.username}`}>@{comment.username}</Link>
          <span>
            on <Link href={commentPath(comment)}>{title}</Link> in /{comment.communityName}
          </span>
          <span>{formatDateTime(comment.createdAt)}</span>
        </p>
        {comment.deleted ? (
          <span className={`${styles.badge} ${styles.badgeDanger}`}>
            {messages.comments.deletedBy(comment.deletedAs ?? 'admins')}
          </span>
        ) : (
          <Button size="sm" variant="danger" onClick={() => onRemove(comment)}>
            Remove<span className="visually-hidden"> the comment by {comment.username}</span>
          </Button>
        )}
      </div>
      <p className={`${styles.body} ${comment.deleted ? styles.removed : ''}`}>{comment.body}</p>
    </li>
  );
}

/** The newest comments of the whole site (secondary §2), 100 at a time with More, each removable. */
export function CommentsTab() {
  const comments = useAdminComments();
  const remove = useRemoveComment();
  const [removing, setRemoving] = useState<Comment | null>(null);
  if (comments.isPending) return <Skeleton lines={3} count={4} label="Loading comments" />;
  if (comments.isError && !comments.data)
    return <LoadFailed error={comments.error} retry={comments.refetch} />;
  const rows = comments.data.pages.flatMap((page) => page.comments);
  return (
    <>
      {rows.length === 0 ? (
        <p className={styles.empty}>{messages.common.nothingToShow}</p>
      ) : (
        <ul className={styles.list} aria-label="Comments">
          {rows.map((comment) => (
            <CommentRow key={comment.id} comment={comment} onRemove={setRemoving} />
          ))}
        </ul>
      )}
      <MoreButton
        hasNextPage={comments.hasNextPage}
        isFetchingNextPage={comments.isFetchingNextPage}
        error={comments.isFetchNextPageError ? comments.error : null}
        fetchNextPage={comments.fetchNextPage}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title="Remove comment?"
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onConfirm={() =>
          !removing
            ? undefined
            : remove.mutateAsync(removing).then(
                () => setRemoving(null),
                (error: unknown) => showAlert(errorText(error), { tone: 'error' }),
              )
        }
      >
        <p>It will show as deleted by admins wherever it appears.</p>
      </ConfirmDialog>
    </>
  );
}
