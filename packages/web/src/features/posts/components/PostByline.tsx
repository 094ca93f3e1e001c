import type { Post } from '@commons/shared';
import { Link } from 'wouter';
import { Avatar } from '../../../components/ui/Avatar';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { useCurrentUser } from '../../session';
import { authorLabel, speakingAs } from '../post-rules';
import styles from './PostByline.module.css';

/** The author's name (a profile link; "Ghost" for a deleted account) and the capacity they spoke in. */
export function AuthorName({ post }: { post: Post }) {
  const viewer = useCurrentUser();
  const author = authorLabel(post, viewer);
  const official = speakingAs(post.userGroup);
  return (
    <>
      {author.linked ? (
        <Link
          href={`/@${author.name}`}
          className={`${styles.author} ${author.deleted ? styles.deleted : ''}`}
          title={author.deleted ? 'Deleted account' : undefined}
        >
          @{author.name}
        </Link>
      ) : (
        <span className={`${styles.author} ${styles.ghost}`}>{author.name}</span>
      )}
      {official && <span className={styles.official}>{official}</span>}
    </>
  );
}

/**
 * The lines above a post's title: the community's picture and name, then the author and the time (one
 * line in compact cards). On a community's own page, only the author and the time.
 */
export function PostByline({
  post,
  showCommunity = true,
  dense = false,
}: {
  post: Post;
  showCommunity?: boolean;
  /** One line with a small picture, for compact cards. */
  dense?: boolean;
}) {
  const by = (
    <span className={styles.by}>
      <AuthorName post={post} />
      <span aria-hidden="true">·</span>
      <RelativeTime date={post.createdAt} className={styles.time} />
    </span>
  );
  if (!showCommunity) return <div className={styles.byline}>{by}</div>;
  const href = `/${post.communityName}`;
  if (dense) {
    return (
      <div className={`${styles.byline} ${styles.dense}`}>
        <Link href={href} className={styles.community}>
          <Avatar kind="community" name={post.communityName} image={post.communityProPic} size={18} />
          <span className={styles.name}>{post.communityName}</span>
        </Link>
        <span className={styles.rest}>
          <span aria-hidden="true">·</span>
          {by}
        </span>
      </div>
    );
  }
  return (
    <div className={styles.byline}>
      <Link href={href} className={styles.communityPicture} tabIndex={-1} aria-hidden="true">
        <Avatar kind="community" name={post.communityName} image={post.communityProPic} size={34} />
      </Link>
      <div className={styles.lines}>
        <Link href={href} className={styles.community}>
          {post.communityName}
        </Link>
        {by}
      </div>
    </div>
  );
}
