import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { limits, messages, type Comment, type User, type UserGroupName } from '@commons/shared';
import { UserText } from '../../../components/markdown/UserText';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Icon, type IconName } from '../../../components/ui/Icon';
import { LazyMenu } from '../../../components/ui/LazyMenu';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { absoluteUrl, copyLink, shareNatively } from '../../../lib/share';
import { authorLabel, isEdited, speakingAs, VotePair } from '../../posts';
import { createCommentError, useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useChangeCommentGroup, useEditComment } from '../api/edit-comment';
import {
  commentPath,
  deletedByText,
  isByPostAuthor,
  isNewSinceVisit,
  speakingGroups,
  staffCapacity,
  type Capacity,
  type CommentNode,
} from '../comment-tree';
import { ReportDialog } from '../../reports';
import { CommentForm, commentDraftKeys, draftedMode } from './CommentForm';
import { useCommentThread } from './comment-thread-context';
import styles from './Comments.module.css';

/** From this depth on wider screens, a comment with more than two other actions puts them in a menu. */
const MENU_FROM_DEPTH = 3;

interface Props {
  node: CommentNode;
  /** A comment above this one is locked: no replies anywhere below it. */
  lockedAbove?: boolean;
}

/** One observer for every comment body on the page; each body's callback by its elements. */
const sized = new Map<Element, () => void>();
let sizeObserver: ResizeObserver | null = null;

function observeSize(element: HTMLElement, onResize: () => void): () => void {
  sizeObserver ??= new ResizeObserver((entries) => {
    for (const entry of entries) sized.get(entry.target)?.();
  });
  const targets = [element, ...element.children];
  for (const target of targets) {
    sized.set(target, onResize);
    sizeObserver.observe(target);
  }
  return () => {
    for (const target of targets) {
      sized.delete(target);
      sizeObserver?.unobserve(target);
    }
  };
}

/**
 * A comment's text, folded when it is long: to 250 px on phones, 500 px elsewhere (core §9), with a
 * button to read the rest.
 */
function FoldedBody({ mobile, children }: { mobile: boolean; children: ReactNode }) {
  const limit = mobile ? 250 : 500;
  const ref = useRef<HTMLDivElement>(null);
  const [long, setLong] = useState(false);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    // Measured when the observer reports, after layout: measuring here would force a layout per
    // comment, which was the largest cost of showing a long thread. It reports once at the start, and
    // again when the markdown replaces the plain fallback or images and embeds grow the text.
    return observeSize(element, () => setLong(element.scrollHeight > limit + 1));
  }, [limit]);
  return (
    <>
      <div
        ref={ref}
        className={`${styles.body} ${long && !open ? styles.folded : ''}`}
        style={long && !open ? { maxHeight: limit } : undefined}
        dir="auto"
        data-comment-body
      >
        {children}
      </div>
      {long && (
        <button
          type="button"
          className={styles.textButton}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? messages.common.showLess : 'Read more'}
        </button>
      )}
    </>
  );
}

/** The capacities the author may switch a comment to, or null (not theirs, deleted, or only as user). */
function groupsFor(comment: Comment, viewer: User | null, moderates: boolean): Capacity[] | null {
  if (!viewer || viewer.id !== comment.userId || comment.deleted) return null;
  return speakingGroups(viewer, moderates);
}

/** The capacity the reader deletes a comment in: their own as themselves, others' as staff. */
function deleteCapacity(comment: Comment, viewer: User | null, moderates: boolean): UserGroupName | null {
  if (!viewer) return null;
  if (comment.userId === viewer.id) return 'normal';
  return staffCapacity(viewer, moderates);
}

/** An action of a comment besides voting and replying. */
interface CommentAction {
  label: string;
  icon: IconName;
  onSelect: () => void;
}

/** The reply box under a comment; its request hook exists only while the box is open. */
function ReplyBox({ comment, onClose }: { comment: Comment; onClose: () => void }) {
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
function EditBox({ comment, onClose }: { comment: Comment; onClose: () => void }) {
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
      groups={groupsFor(comment, viewer, moderates)}
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

/** 'Are you sure?' before deleting, as the author or as staff. */
function DeleteDialog({
  comment,
  as,
  open,
  onOpenChange,
}: {
  comment: Comment;
  as: UserGroupName;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useDeleteComment();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={messages.common.areYouSure}
      confirmLabel="Delete"
      danger
      busy={remove.isPending}
      onConfirm={() =>
        remove.mutateAsync({ comment, as }).then(
          () => onOpenChange(false),
          (error: unknown) => showAlert(errorText(error), { tone: 'error' }),
        )
      }
    >
      {as === 'normal'
        ? 'Your comment will be deleted. Replies to it stay.'
        : `This comment will be deleted as ${as === 'admins' ? 'admin' : 'moderator'}.`}
    </ConfirmDialog>
  );
}

/**
 * One comment and the thread below it (core §2 Comments): author with OP tag and '(new)' label, time
 * and 'Edited', body, votes, Reply, Edit, Delete with a confirmation, Copy link, Share, Lock for
 * moderators and admins, collapsing, and 'N more replies' for replies not loaded yet. Deleted comments
 * keep their place and say by whom; they take no votes and no replies. Dialogs and request hooks are
 * made only when used: a thread shows hundreds of comments and few are ever acted on.
 */
export const CommentItem = memo(function CommentItem({ node, lockedAbove = false }: Props) {
  const { post, viewer, moderates, layout, focusedId, loadReplies, vote, toggleLock, openLoginPrompt } =
    useCommentThread();
  const { comment } = node;
  const [collapsed, setCollapsed] = useState(false);
  const [mode, setMode] = useState(() =>
    // A reply or edit left half-written opens again where it was.
    viewer ? draftedMode(post.id, comment.id, viewer.id) : 'read',
  );
  // null until first opened: the dialog and its hooks are made on first use, then kept so they close
  // with their animation and give focus back.
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const [reporting, setReporting] = useState<boolean | null>(null);
  const [loadingReplies, setLoadingReplies] = useState(false);
  const [showMuted, setShowMuted] = useState(false);
  const canReport = Boolean(viewer) && viewer?.id !== comment.userId && !comment.deleted;
  const lockAs = comment.deleted ? null : staffCapacity(viewer, moderates);
  const threadLocked = lockedAbove || comment.locked;

  const author = authorLabel(comment, viewer);
  const official = speakingAs(comment.userGroup === 'null' ? 'normal' : comment.userGroup);
  const deleteAs = comment.deleted ? null : deleteCapacity(comment, viewer, moderates);
  // Guests see Reply too, and are asked to log in (core §6).
  const canReply = !comment.deleted && !post.locked && !threadLocked;
  const headingId = `comment-${comment.id}-by`;
  const hiddenForMute = comment.isAuthorMuted && !showMuted;
  const closeBox = () => setMode('read');

  const onReply = () => {
    if (!viewer) openLoginPrompt();
    // The deepest comments take no replies (core §7): say so rather than open a box.
    else if (comment.depth >= limits.commentMaxDepth) {
      showAlert(messages.comments.threadTooDeep, { tone: 'error' });
    } else setMode('reply');
  };
  const url = () => absoluteUrl(commentPath(comment));

  const more: CommentAction[] = [
    ...(viewer?.id === comment.userId && !comment.deleted && mode !== 'edit'
      ? [{ label: 'Edit', icon: 'edit' as const, onSelect: () => setMode('edit') }]
      : []),
    ...(deleteAs ? [{ label: 'Delete', icon: 'trash' as const, onSelect: () => setConfirming(true) }] : []),
    ...(canReport ? [{ label: 'Report', icon: 'flag' as const, onSelect: () => setReporting(true) }] : []),
    { label: 'Copy link', icon: 'copy', onSelect: () => void copyLink(url()) },
    ...(layout.shareSheet
      ? [
          {
            label: 'Share',
            icon: 'share' as const,
            onSelect: () => void shareNatively({ title: post.title, url: url() }),
          },
        ]
      : []),
    ...(lockAs
      ? [
          {
            label: comment.locked ? 'Unlock' : 'Lock',
            icon: 'lock' as const,
            onSelect: () => toggleLock(comment, lockAs),
          },
        ]
      : []),
  ];

  // Beside the votes and Reply on wider screens; in one menu on phones, and deep in a thread where a
  // row of several would wrap, so a comment's actions stay on one line.
  const inMenu = layout.mobile || (comment.depth >= MENU_FROM_DEPTH && more.length > 2);

  return (
    <li id={`comment-${comment.id}`} className={styles.comment} aria-labelledby={headingId}>
      <div className={`${styles.own} ${focusedId === comment.id ? styles.focused : ''}`} data-comment-own>
        <div className={styles.head}>
          <button
            type="button"
            className={styles.collapse}
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Expand thread' : 'Collapse thread'}
            onClick={() => setCollapsed((c) => !c)}
          >
            {collapsed ? '+' : '−'}
          </button>
          <span id={headingId} className={styles.byline}>
            {comment.contentStripped ? (
              <span className={styles.ghost}>{comment.username}</span>
            ) : author.linked ? (
              <Link
                href={`/@${author.name}`}
                className={`${styles.author} ${author.deleted ? styles.deletedAuthor : ''}`}
              >
                @{author.name}
              </Link>
            ) : (
              <span className={styles.ghost}>{author.name}</span>
            )}
            {isByPostAuthor(comment, post) && <span className={styles.op}>OP</span>}
            {official && <span className={styles.official}>{official}</span>}
            {/* The dot goes with the time, so a narrow line never ends on it. */}
            <span className={styles.when}>
              <span aria-hidden="true">·</span>
              <Link href={commentPath(comment)} className={styles.time}>
                <RelativeTime date={comment.createdAt} />
              </Link>
            </span>
            {isEdited(comment) && <span className={styles.meta}>{messages.posts.edited}</span>}
            {isNewSinceVisit(comment, post, viewer?.id ?? null) && <span className={styles.new}>(new)</span>}
            {comment.locked && (
              <span
                className={styles.lockedTag}
                title={`Replies locked by ${comment.lockedByGroup === 'admins' ? 'admins' : 'moderators'}`}
              >
                <Icon name="lock" size={14} /> Locked
              </span>
            )}
          </span>
        </div>

        {!collapsed && (
          <div className={styles.content}>
            {comment.deleted && <p className={styles.deletedNote}>{deletedByText(comment)}</p>}
            {hiddenForMute ? (
              <button type="button" className={styles.textButton} onClick={() => setShowMuted(true)}>
                Comment by a muted user. Show it
              </button>
            ) : mode === 'edit' ? (
              <EditBox comment={comment} onClose={closeBox} />
            ) : (
              !(comment.deleted && comment.contentStripped) &&
              comment.body && (
                <FoldedBody mobile={layout.mobile}>
                  <UserText text={comment.body} embeds={!viewer?.embedsOff} />
                </FoldedBody>
              )
            )}

            <div className={styles.actions} data-comment-actions>
              <VotePair
                state={comment}
                compact
                disabled={post.locked || comment.deleted}
                disabledTitle={
                  comment.deleted ? messages.comments.cannotVoteDeleted : 'Voting is off on locked posts'
                }
                onVote={(up) => vote(comment, up)}
              />
              {canReply && mode !== 'reply' && (
                <button type="button" className={styles.textButton} onClick={onReply}>
                  Reply
                </button>
              )}
              {inMenu
                ? more.length > 0 && (
                    <LazyMenu
                      label="Comment options"
                      triggerLabel="More options"
                      triggerClassName={styles.menuButton}
                      trigger={<Icon name="dots" size={18} />}
                      items={() => more.map((action) => ({ kind: 'action' as const, ...action }))}
                    />
                  )
                : more.map((action) => (
                    <button
                      key={action.label}
                      type="button"
                      className={styles.textButton}
                      onClick={action.onSelect}
                    >
                      {action.label}
                    </button>
                  ))}
            </div>

            {mode === 'reply' && <ReplyBox comment={comment} onClose={closeBox} />}
          </div>
        )}
      </div>

      {!collapsed && (node.children.length > 0 || node.missingReplies > 0) && (
        <div className={styles.thread}>
          {node.children.length > 0 && (
            <ul className={styles.replies}>
              {node.children.map((child) => (
                <CommentItem key={child.comment.id} node={child} lockedAbove={threadLocked} />
              ))}
            </ul>
          )}
          {node.missingReplies > 0 && (
            <button
              type="button"
              className={styles.more}
              disabled={loadingReplies}
              onClick={() => {
                setLoadingReplies(true);
                void loadReplies(comment).finally(() => setLoadingReplies(false));
              }}
            >
              {node.missingReplies} more {node.missingReplies === 1 ? 'reply' : 'replies'}
            </button>
          )}
        </div>
      )}

      {canReport && reporting !== null && (
        <ReportDialog type="comment" targetId={comment.id} open={reporting} onOpenChange={setReporting} />
      )}
      {deleteAs && confirming !== null && (
        <DeleteDialog comment={comment} as={deleteAs} open={confirming} onOpenChange={setConfirming} />
      )}
    </li>
  );
});
