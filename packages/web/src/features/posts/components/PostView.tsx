import { useState } from 'react';
import { messages, type Community, type Post } from '@commons/shared';
import { Icon } from '../../../components/ui/Icon';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { videoId } from '../../../components/markdown/video-link';
import { VideoEmbed } from '../../../components/markdown/VideoEmbed';
import { useCurrentUser } from '../../session';
import { altText, copyUrl } from '../post-images';
import { isEdited, lockedText, removalTexts, votePercent } from '../post-rules';
import { ImageGallery } from './ImageGallery';
import { PostActions } from './PostActions';
import { PostBody } from './PostBody';
import { PostByline } from './PostByline';
import styles from './PostView.module.css';
import { VoteButtons } from './VoteButtons';

/** Why the post reads the way it does: locked, deleted, content removed. */
export function PostBanners({ post }: { post: Post }) {
  const locked = lockedText(post);
  const removals = removalTexts(post);
  if (!locked && removals.length === 0) return null;
  return (
    <div className={styles.banners}>
      {removals.map((text) => (
        <p key={text} className={`${styles.banner} ${styles.removed}`}>
          <Icon name="trash" size={18} />
          {text}
        </p>
      ))}
      {/* The moderator's reason (an addition to the contract). */}
      {post.deleted && post.deletedReason && (
        <p className={`${styles.banner} ${styles.removed}`}>Reason: {post.deletedReason}</p>
      )}
      {locked && (
        <p className={styles.banner}>
          <Icon name="lock" size={18} />
          {locked}
        </p>
      )}
    </div>
  );
}

/** The link of a link post: the video itself when it is one (and embeds are on), else a preview card. */
function LinkBlock({ post }: { post: Post }) {
  const user = useCurrentUser();
  const link = post.link!;
  const id = user?.embedsOff ? null : videoId(link.url);
  if (id) {
    return (
      <div className={styles.linkEmbed}>
        <VideoEmbed id={id} href={link.url} />
        <a href={link.url} className={styles.domain} target="_blank" rel="noreferrer nofollow noopener">
          {link.hostname}
          <Icon name="external" size={14} />
        </a>
      </div>
    );
  }
  return (
    <a href={link.url} className={styles.linkCard} target="_blank" rel="noreferrer nofollow noopener">
      {link.image && (
        <img
          // The wide copy at every width: the card shows it across the post, and the desktop copy is
          // the feed's small 325 × 250 crop, which this would blow up and crop again.
          src={copyUrl(link.image, 'mobile')}
          alt={altText(link.image, post.title)}
          className={styles.linkImage}
          style={{ backgroundColor: link.image.averageColor }}
          decoding="async"
        />
      )}
      <span className={styles.linkText}>
        <span className={styles.domain}>
          {link.hostname}
          <Icon name="external" size={14} />
        </span>
        <span className={styles.url}>{link.url}</span>
      </span>
    </a>
  );
}

/** The post page's post (core §2): byline, title, banners, content, votes and actions. */
export function PostView({ post, community }: { post: Post; community: Community | undefined }) {
  const [imageIndex, setImageIndex] = useState(0);
  const percent = votePercent(post);
  const pinned = post.isPinnedSite || post.isPinned;
  return (
    <article className={styles.post} aria-labelledby="post-title">
      <div className={styles.meta}>
        <PostByline post={post} />
        {isEdited(post) && (
          <span className={styles.edited}>
            <span aria-hidden="true">·</span>
            {messages.posts.edited} <RelativeTime date={post.editedAt!} />
          </span>
        )}
        {pinned && (
          <span className={styles.pinned}>
            <Icon name="pin" size={15} />
            {post.isPinnedSite ? 'Pinned site-wide' : 'Pinned'}
          </span>
        )}
      </div>
      <h1 id="post-title" className={styles.title} dir="auto">
        {post.title}
      </h1>
      <PostBanners post={post} />
      {post.body && (
        <div className={styles.body}>
          <PostBody text={post.body} />
        </div>
      )}
      {post.images.length > 0 && (
        <ImageGallery
          images={post.images}
          title={post.title}
          index={imageIndex}
          onIndexChange={setImageIndex}
        />
      )}
      {post.type === 'link' && post.link && <LinkBlock post={post} />}
      <div className={styles.footer}>
        <VoteButtons post={post} />
        {percent !== null && <span className={styles.percent}>{percent}% upvoted</span>}
        <div className={styles.actions}>
          <PostActions post={post} community={community} imageIndex={imageIndex} />
        </div>
      </div>
    </article>
  );
}
