import { lazy, Suspense, type RefObject } from 'react';
import { messages, type Comment, type UserGroupName } from '@commons/shared';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { createCommentError, useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useChangeCommentGroup, useEditComment } from '../api/edit-comment';
import { editGroups, speakingGroups, type Capacity } from '../comment-tree';
import { CommentForm, commentDraftKeys } from './CommentForm';
import { useCommentThread } from './comment-thread-context';

/*
 * What opens on a comment when acted on. Each holds its request hooks, so they exist only while it is
 * shown: a thread shows hundreds of comments and few are ever acted on.
 */

/** The reply box under a comment. */
export function ReplyBox({ comment, onClose }: { comment: Comment; onClose: () => void }) {
  const { post, viewer, moderates } = useCommentThread();
  const create = useCreateComment(post);
  return (
    <CommentForm
      label={`Reply to ${comment.username}`}
      submitLabel="Reply"
      busy={create.isPending}
      groups={speakingGroups(viewer, moderates)}
      draftKey={commentDraftKeys.reply(post.id, comment.id)}
      onSubmit={async (body, userGroup) => {
        try {
          await create.mutateAsync({ body, parentId: comment.id, userGroup });
          onClose();
        } catch (error) {
          throw new Error(createCommentError(error), { cause: error });
        }
      }}
      onCancel={onClose}
      autoFocus
    />
  );
}

/**
 * The author's edit box, in place of the comment's text. Moderators and admins also choose there the
 * capacity the comment speaks in (core §4: it can be changed afterwards).
 */
export function EditBox({ comment, onClose }: { comment: Comment; onClose: () => void }) {
  const { post, viewer, moderates } = useCommentThread();
  const edit = useEditComment();
  const changeGroup = useChangeCommentGroup();
  const current: Capacity = comment.userGroup === 'null' ? 'normal' : comment.userGroup;
  return (
    <CommentForm
      label="Edit your comment"
      initial={comment.body}
      submitLabel="Save"
      busy={edit.isPending || changeGroup.isPending}
      groups={editGroups(comment, viewer, moderates)}
      initialGroup={current}
      draftKey={commentDraftKeys.edit(post.id, comment.id)}
      onSubmit={async (body, group) => {
        try {
          if (body !== comment.body) await edit.mutateAsync({ comment, body });
          if (group !== current) await changeGroup.mutateAsync({ comment, group });
          onClose();
        } catch (error) {
          throw new Error(createCommentError(error), { cause: error });
        }
      }}
      onCancel={onClose}
      autoFocus
    />
  );
}

// Loaded when a moderator or admin first removes something: most readers never do.
const RemovalDialog = lazy(() => import('../../modlog').then((m) => ({ default: m.RemovalDialog })));

/**
 * 'Are you sure?' before deleting as the author; as staff, the removal dialog with its optional
 * reason (a rule of the community or a few words).
 */
export function DeleteDialog({
  comment,
  as,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  comment: Comment;
  as: UserGroupName;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The comment, which keeps focus once its Delete button is gone. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  const remove = useDeleteComment();
  if (as === 'mods' || as === 'admins') {
    if (!open) return null;
    return (
      <Suspense fallback={null}>
        <RemovalDialog
          open={open}
          onOpenChange={onOpenChange}
          title={messages.common.areYouSure}
          what="comment"
          as={as}
          communityName={comment.communityName}
          busy={remove.isPending}
          returnFocusTo={returnFocusTo}
          onConfirm={(reason) =>
            remove.mutateAsync({ comment, as, ...reason }).then(
              () => onOpenChange(false),
              (error: unknown) => showAlert(errorText(error), { tone: 'error' }),
            )
          }
        />
      </Suspense>
    );
  }
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={messages.common.areYouSure}
      confirmLabel="Delete"
      danger
      busy={remove.isPending}
      returnFocusTo={returnFocusTo}
      onConfirm={() =>
        remove.mutateAsync({ comment, as }).then(
          () => onOpenChange(false),
          (error: unknown) => showAlert(errorText(error), { tone: 'error' }),
        )
      }
    >
      Your comment will be deleted. Replies to it stay.
    </ConfirmDialog>
  );
}
