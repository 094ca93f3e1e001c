import { useSearch } from 'wouter';
import { messages } from '@commons/shared';
import { Button, ButtonLink } from '../../components/ui/Button';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError, errorText } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useEditablePost } from '../../features/post-editor/api/get-editable-post';
import { PostEditor } from '../../features/post-editor/components/PostEditor';
import { useCurrentUser } from '../../features/session/api/get-current-user';
import { NotFoundPage } from './not-found';
import styles from './pages.module.css';

/** Editing a post: only its author may, once it has loaded. */
function EditPost({ publicId }: { publicId: string }) {
  const user = useCurrentUser();
  const { data: post, error, isPending, refetch, isFetching } = useEditablePost(publicId);
  if (isPending) return <Skeleton lines={5} count={2} label="Loading the post" />;
  if (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return <NotFoundPage />;
    return (
      <section className={styles.centered} aria-labelledby="edit-failed-title">
        <h1 id="edit-failed-title">{errorText(error)}</h1>
        <p className={styles.muted}>The post could not be loaded.</p>
        <Button variant="primary" onClick={() => void refetch()} disabled={isFetching}>
          {messages.common.retry}
        </Button>
      </section>
    );
  }
  if (post.userId !== user?.id) {
    return (
      <section className={styles.centered} aria-labelledby="edit-forbidden-title">
        <h1 id="edit-forbidden-title">{messages.common.forbiddenTitle}</h1>
        <p className={styles.muted}>Only the author of a post can edit it.</p>
        <ButtonLink href={`/${post.communityName}/post/${post.publicId}`} variant="primary">
          Back to the post
        </ButtonLink>
      </section>
    );
  }
  return <PostEditor mode={{ kind: 'edit', post }} />;
}

/**
 * `/new` (core §2): a new post, with `?community={name}` preselecting the community, or
 * `?edit={publicId}` editing one of the member's posts.
 */
export default function NewPostPage() {
  const params = new URLSearchParams(useSearch());
  const edit = params.get('edit');
  const community = params.get('community');
  useDocumentTitle(edit ? 'Edit post' : 'Create post');
  if (edit) return <EditPost key={edit} publicId={edit} />;
  return <PostEditor key={community ?? ''} mode={{ kind: 'create', communityName: community || null }} />;
}
