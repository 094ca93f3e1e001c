import { useMemo } from 'react';
import { Redirect, useSearch, useSearchParams } from 'wouter';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError } from '../../lib/api-client';
import { useIsMobileLayout } from '../../lib/device';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CommunityDetails } from '../../features/communities/components/CommunityDetails';
import { usePost } from '../../features/posts/api/get-post';
import { PostView } from '../../features/posts/components/PostView';
import { CommentSection } from '../../features/comments/components/CommentSection';
import { highlightRange } from '../../features/comments/highlight';
import { useFromNotification } from '../../features/notifications';
import { NotFoundPage } from './not-found';
import { LoadFailed } from './page-parts';
import pages from './pages.module.css';
import styles from './feed-pages.module.css';

interface Props {
  communityName: string;
  publicId: string;
  /** The comment to focus (core §2). */
  commentId?: string;
}

/**
 * A post (core §2): the post, its comments, and its community beside it. Unknown posts show the
 * not-found page, other failures a Retry. A community name in the wrong case goes to the right one.
 */
export default function PostPage({ communityName, publicId, commentId }: Props) {
  const query = usePost(publicId);
  const mobile = useIsMobileLayout();
  const post = query.data;
  useDocumentTitle(post?.title ?? null);
  useFromNotification();
  const [params] = useSearchParams();
  const search = useSearch();
  const from = params.get('highlightFrom');
  const to = params.get('highlightTo');
  const highlight = useMemo(() => highlightRange(from, to), [from, to]);

  if (!post) {
    if (query.isError) {
      if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
      return (
        <LoadFailed error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      );
    }
    return <Skeleton lines={6} count={2} label="Loading post" />;
  }

  if (post.communityName !== communityName) {
    const path = `/${post.communityName}/post/${post.publicId}${commentId ? `/${commentId}` : ''}${search ? `?${search}` : ''}`;
    return <Redirect to={path} replace />;
  }

  const community = query.isPlaceholderData ? undefined : post.community;
  return (
    <div className={pages.columns}>
      <div className={styles.main}>
        <PostView post={post} community={community} />
        <CommentSection
          post={post}
          ready={!query.isPlaceholderData}
          focusedId={commentId}
          highlight={highlight}
        />
      </div>
      {!mobile && (
        <aside className={`${pages.aside} ${styles.asideLast}`} aria-label={`About ${post.communityName}`}>
          {community ? (
            <CommunityDetails community={community} />
          ) : (
            <Skeleton lines={4} label="Loading community" />
          )}
        </aside>
      )}
    </div>
  );
}
