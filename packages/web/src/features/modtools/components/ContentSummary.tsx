import { Link } from 'wouter';
import type { Comment, Post } from '@commons/shared';
import styles from './Modtools.module.css';

/**
 * A date and time in the reader's locale. Not the feeds' relative time: sharing that module with this
 * lazy page would split it out of the first load's chunks, which costs the first load more bytes.
 */
export function shortDate(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The first few lines of a body, as plain text: a summary, not the rendered post. */
function excerpt(text: string | null | undefined): string {
  return (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 280);
}

/**
 * A post as the moderation lists show it: title linking to the post, author, time and state, and the
 * start of its text. No votes (core §4: voting is off on posts shown in modtools).
 */
export function PostSummary({ post }: { post: Post }) {
  const states = [
    post.deleted ? `Removed${post.deletedAs ? ` by ${groupName(post.deletedAs)}` : ''}` : null,
    post.locked ? 'Locked' : null,
  ].filter(Boolean);
  return (
    <div className={styles.itemMain}>
      <p className={styles.itemTitle} dir="auto">
        <Link href={`/${post.communityName}/post/${post.publicId}`}>{post.title}</Link>
      </p>
      <p className={styles.itemMeta}>
        Post by @{post.username} · <time dateTime={post.createdAt}>{shortDate(post.createdAt)}</time>
        {states.length > 0 && ` · ${states.join(' · ')}`}
      </p>
      {post.body && (
        <p className={styles.excerpt} dir="auto">
          {excerpt(post.body)}
        </p>
      )}
    </div>
  );
}

/** A comment with the post it was made on (its target in context). */
export function CommentSummary({ comment }: { comment: Comment }) {
  return (
    <div className={styles.itemMain}>
      <p className={styles.itemMeta}>
        Comment by @{comment.username} ·{' '}
        <time dateTime={comment.createdAt}>{shortDate(comment.createdAt)}</time>
        {comment.deleted && ' · Removed'}
        {comment.postDeleted && ' · its post is removed'}
      </p>
      <p className={styles.excerpt} dir="auto">
        {excerpt(comment.body)}
      </p>
      <p className={styles.itemMeta}>
        <Link href={`/${comment.communityName}/post/${comment.postPublicId}/${comment.id}`}>
          {comment.postTitle ? `On “${comment.postTitle}”` : 'View in thread'}
        </Link>
      </p>
    </div>
  );
}

function groupName(group: string): string {
  if (group === 'mods') return 'moderators';
  if (group === 'admins') return 'admins';
  return 'the author';
}
