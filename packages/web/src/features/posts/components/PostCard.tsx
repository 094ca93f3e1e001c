import { messages, ui, type Image, type Post } from '@commons/shared';
import { lazy, Suspense, useId, useState } from 'react';
import { Link } from 'wouter';
import { Icon } from '../../../components/ui/Icon';
import { LazyMenu } from '../../../components/ui/LazyMenu';
import { useIsMobileLayout } from '../../../lib/device';
import { handFocusTo, useFocusHandoff } from '../../../lib/focus-handoff';
import { formatCount } from '../../../lib/format-count';
import { usePostMuteItems } from '../../mutes';
import { useCurrentUser } from '../../session';
import { useHidePost, useIsHidden } from '../api/hide-post';
import type { FeedLayout } from '../feed-preferences';
import { useUnhidePost } from '../api/unhide-post';
import { altText, copyUrl, responsiveImage } from '../post-images';
import { postPath, removalTexts } from '../post-rules';
import styles from './PostCard.module.css';

// The dialog's code is not part of a feed's first load: it comes when someone reports.
const ReportDialog = lazy(() => import('../../reports').then((m) => ({ default: m.ReportDialog })));
const SaveToListModal = lazy(() => import('../../lists').then((m) => ({ default: m.SaveToListModal })));
import { PostBody } from './PostBody';
import { PostByline } from './PostByline';
import { VoteButtons } from './VoteButtons';

interface Props {
  post: Post;
  layout?: FeedLayout;
  /** Images of the first posts of a feed load at once; the rest when scrolled near. */
  eager?: boolean;
  /** Which pin counts here: a community's own, or the site-wide one. */
  pinScope?: 'site' | 'community';
  /** Leave out the community (on that community's own page). */
  showCommunity?: boolean;
  /** On its owner's list page: the menu's Remove from list. */
  onRemoveFromList?: () => void;
}

/**
 * A post deleted or removed, where a list or a profile still shows it: said on the card as the post's
 * page says it in its banner.
 */
function RemovedNote({ post }: { post: Post }) {
  if (!post.deleted) return null;
  return (
    <p className={styles.removedNote}>
      <Icon name="trash" size={14} />
      {removalTexts(post)[0]}
    </p>
  );
}

function PinnedMark() {
  return (
    <span className={styles.pinned}>
      <Icon name="pin" size={15} />
      <span className={styles.pinnedLabel}>Pinned</span>
    </span>
  );
}

/** A feed's post (core §2): byline, title, a preview of the content, votes, comments and the menu. */
export function PostCard({
  post,
  layout = 'card',
  eager = false,
  pinScope = 'site',
  showCommunity = true,
  onRemoveFromList,
}: Props) {
  const hidden = useIsHidden(post.id);
  const titleId = useId();
  const titleLink = useFocusHandoff<HTMLAnchorElement>(`post-card:${post.id}`);
  if (hidden) return <HiddenCard postId={post.id} />;
  const pinned = pinScope === 'community' ? post.isPinned : post.isPinnedSite;
  const href = postPath(post);
  const loading = eager ? 'eager' : 'lazy';
  const title = (
    <h2 className={styles.title} id={titleId} dir="auto">
      <Link href={href} className={styles.titleLink} ref={titleLink}>
        {post.title}
      </Link>
    </h2>
  );

  if (layout === 'compact') {
    return (
      <article className={`${styles.card} ${styles.compact}`} aria-labelledby={titleId}>
        <CompactThumbnail post={post} href={href} loading={loading} />
        <div className={styles.compactMain}>
          <div className={styles.metaRow}>
            <PostByline post={post} showCommunity={showCommunity} dense />
            {pinned && <PinnedMark />}
          </div>
          <RemovedNote post={post} />
          {title}
          {post.type === 'link' && post.link && <Domain hostname={post.link.hostname} url={post.link.url} />}
          <CardFooter post={post} href={href} compact onRemoveFromList={onRemoveFromList} />
        </div>
      </article>
    );
  }

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <div className={styles.metaRow}>
        <PostByline post={post} showCommunity={showCommunity} />
        {pinned && <PinnedMark />}
      </div>
      <RemovedNote post={post} />
      {post.type === 'link' && post.link ? (
        <LinkPreview post={post} title={title} loading={loading} />
      ) : (
        title
      )}
      {post.body && (
        <div className={styles.preview}>
          <PostBody text={post.body} preview />
        </div>
      )}
      {post.type === 'image' && post.image && (
        <CardImage post={post} image={post.image} href={href} loading={loading} eager={eager} />
      )}
      <CardFooter post={post} href={href} onRemoveFromList={onRemoveFromList} />
    </article>
  );
}

/** A post hidden from this feed, until it reloads: Undo brings it back (focus goes to its title). */
function HiddenCard({ postId }: { postId: string }) {
  const unhide = useUnhidePost();
  const undo = useFocusHandoff<HTMLButtonElement>(`hidden-post:${postId}`);
  return (
    <div className={styles.hidden} role="group" aria-label={messages.posts.hiddenPost}>
      <span>{messages.posts.hiddenPost}</span>
      <button
        ref={undo}
        type="button"
        className={styles.textButton}
        onClick={() => {
          handFocusTo(`post-card:${postId}`);
          unhide.mutate(postId);
        }}
      >
        {messages.posts.undo}
      </button>
    </div>
  );
}

function Domain({ hostname, url }: { hostname: string; url: string }) {
  return (
    <a href={url} className={styles.domain} target="_blank" rel="noreferrer nofollow noopener">
      <span className={styles.hostname}>{hostname}</span>
      <Icon name="external" size={13} />
    </a>
  );
}

/** Title, domain and thumbnail of a link post: the desktop copy beside it, the wide mobile one below. */
function LinkPreview({
  post,
  title,
  loading,
}: {
  post: Post;
  title: React.ReactNode;
  loading: 'eager' | 'lazy';
}) {
  const mobile = useIsMobileLayout();
  const link = post.link!;
  const image = link.image;
  return (
    <div className={`${styles.linkPost} ${mobile ? styles.linkPostMobile : ''}`}>
      <div className={styles.linkText}>
        {title}
        <Domain hostname={link.hostname} url={link.url} />
      </div>
      {image && (
        <a
          href={link.url}
          target="_blank"
          rel="noreferrer nofollow noopener"
          tabIndex={-1}
          className={styles.linkThumb}
          style={{ background: image.averageColor }}
        >
          <img
            src={copyUrl(image, mobile ? 'mobile' : 'desktop')}
            alt={altText(image, post.title)}
            loading={loading}
            decoding="async"
          />
        </a>
      )}
    </div>
  );
}

/** An image post's first image, sized from its copies, on its average colour while it loads. */
function CardImage({
  post,
  image,
  href,
  loading,
  eager,
}: {
  post: Post;
  image: Image;
  href: string;
  loading: 'eager' | 'lazy';
  eager: boolean;
}) {
  const { src, srcSet } = responsiveImage(image);
  const count = post.images.length;
  return (
    <Link href={href} className={styles.imageLink} tabIndex={-1}>
      <img
        className={styles.image}
        src={src}
        srcSet={srcSet}
        sizes={ui.postImageSizes}
        width={image.width}
        height={image.height}
        alt={altText(image, post.title)}
        loading={loading}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        style={{ aspectRatio: `${image.width} / ${image.height}`, backgroundColor: image.averageColor }}
      />
      {count > 1 && (
        <span className={styles.imageCount}>
          <Icon name="image" size={14} />
          {count}
          <span className="visually-hidden"> images</span>
        </span>
      )}
    </Link>
  );
}

/** The compact layout's square: the image's or link's tiny copy, else a mark for text posts. */
function CompactThumbnail({ post, href, loading }: { post: Post; href: string; loading: 'eager' | 'lazy' }) {
  const image = post.type === 'image' ? post.image : post.type === 'link' ? (post.link?.image ?? null) : null;
  return (
    <Link href={href} className={styles.thumb} tabIndex={-1} aria-hidden="true">
      {image ? (
        <img
          src={copyUrl(image, 'tiny')}
          alt=""
          width={60}
          height={60}
          loading={loading}
          decoding="async"
          style={{ backgroundColor: image.averageColor }}
        />
      ) : (
        <Icon name={post.type === 'link' ? 'link' : post.type === 'image' ? 'image' : 'comment'} size={22} />
      )}
    </Link>
  );
}

function CardFooter({
  post,
  href,
  compact = false,
  onRemoveFromList,
}: {
  post: Post;
  href: string;
  compact?: boolean;
  onRemoveFromList?: () => void;
}) {
  const user = useCurrentUser();
  const hide = useHidePost();
  const muteItems = usePostMuteItems(post);
  const [reporting, setReporting] = useState(false);
  const [saving, setSaving] = useState(false);
  const canReport = Boolean(user && user.id !== post.userId && !post.deleted);
  const comments = post.noComments;
  return (
    <div className={`${styles.footer} ${compact ? styles.footerCompact : ''}`}>
      <VoteButtons post={post} compact={compact} />
      <Link href={href} className={styles.action}>
        <Icon name="comment" size={compact ? 16 : 18} />
        <span>
          {formatCount(comments)}
          <span className={compact ? 'visually-hidden' : undefined}>
            {' '}
            {comments === 1 ? 'comment' : 'comments'}
          </span>
        </span>
        {post.newComments > 0 && <span className={styles.new}>{post.newComments} new</span>}
      </Link>
      {user && (
        <LazyMenu
          label="Post options"
          triggerLabel="More options"
          triggerClassName={styles.menuButton}
          trigger={<Icon name="dots" size={18} />}
          items={() => [
            ...muteItems(),
            { kind: 'action', label: 'Save to list', icon: 'bookmark', onSelect: () => setSaving(true) },
            ...(onRemoveFromList
              ? [
                  {
                    kind: 'action' as const,
                    label: 'Remove from list',
                    icon: 'close' as const,
                    onSelect: onRemoveFromList,
                  },
                ]
              : []),
            {
              kind: 'action',
              label: 'Hide',
              icon: 'eyeOff',
              onSelect: () => {
                handFocusTo(`hidden-post:${post.id}`);
                hide.mutate(post.id);
              },
            },
            ...(canReport
              ? [
                  {
                    kind: 'action' as const,
                    label: 'Report',
                    icon: 'flag' as const,
                    onSelect: () => setReporting(true),
                  },
                ]
              : []),
          ]}
        />
      )}
      {canReport && reporting && (
        <Suspense fallback={null}>
          <ReportDialog type="post" targetId={post.id} open onOpenChange={setReporting} />
        </Suspense>
      )}
      {user && saving && (
        <Suspense fallback={null}>
          <SaveToListModal targetType="post" targetId={post.id} onClose={() => setSaving(false)} />
        </Suspense>
      )}
    </div>
  );
}
