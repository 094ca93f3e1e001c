import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { limits, messages, type Comment, type Post, type User, type UserGroupName } from '@commons/shared';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Icon, type IconName } from '../../../components/ui/Icon';
import { LazyMenu } from '../../../components/ui/LazyMenu';
import { RelativeTime } from '../../../components/ui/RelativeTime';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { absoluteUrl, copyLink, shareNatively } from '../../../lib/share';
import { authorLabel, isEdited, speakingAs } from '../../posts/post-rules';
import { VotePair } from '../../posts/components/VoteButtons';
import { createCommentError, useCreateComment } from '../api/create-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useChangeCommentGroup, useEditComment, useLockComment } from '../api/edit-comment';
import { useVoteComment } from '../api/vote-comment';
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
import { ReportDialog } from '../../reports/components/ReportDialog';
import { CommentForm, GroupSelect } from './CommentForm';
import styles from './Comments.module.css';

const Markdown = lazy(() => import('../../../components/markdown/Markdown'));

/** What the reader's screen allows, read once for the whole section rather than per comment. */
export interface CommentLayout {
  /** Phone layout: a comment's other actions go in one menu. */
  mobile: boolean;
  /** Narrower than 1171 px with a share sheet: comments offer Share (core §10). */
  shareSheet: boolean;
}

interface Props {
  node: CommentNode;
  post: Post;
  viewer: User | null;
  /** The reader moderates the post's community. */
  moderates: boolean;
  /** A comment above this one is locked: no replies anywhere below it. */
  lockedAbove?: boolean;
  layout: CommentLayout;
  focusedId: string | undefined;
  onLoadReplies: (comment: Comment) => Promise<void>;
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
    // The markdown arrives after the plain fallback, and images or embeds may grow it later.
    const measure = () => setLong(element.scrollHeight > limit + 1);
    measure();
    const observer = new ResizeObserver(measure);
    for (const child of element.children) observer.observe(child);
    observer.observe(element);
    return () => observer.disconnect();
  }, [limit]);
  return (
    <>
      <div
        ref={ref}
        className={`${styles.body} ${long && !open ? styles.folded : ''}`}
        style={long && !open ? { maxHeight: limit } : undefined}
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

/**
 * One comment and the thread below it (core §2 Comments): author with OP tag and '(new)' label, time
 * and 'Edited', body, votes, Reply, Edit, Delete with a confirmation, Copy link, Share, Lock for
 * moderators and admins, collapsing, and 'N more replies' for replies not loaded yet. Deleted comments
 * keep their place and say by whom.
 */
export function CommentItem({
  node,
  post,
  viewer,
  moderates,
  lockedAbove = false,
  layout,
  focusedId,
  onLoadReplies,
}: Props) {
  const { comment } = node;
  const [collapsed, setCollapsed] = useState(false);
  const [mode, setMode] = useState<'read' | 'reply' | 'edit'>('read');
  const [confirming, setConfirming] = useState(false);
  const [loadingReplies, setLoadingReplies] = useState(false);
  const [showMuted, setShowMuted] = useState(false);
  const [reporting, setReporting] = useState(false);
  const canReport = Boolean(viewer) && viewer?.id !== comment.userId && !comment.deleted;
  const create = useCreateComment(post);
  const edit = useEditComment();
  const remove = useDeleteComment();
  const vote = useVoteComment();
  const changeGroup = useChangeCommentGroup();
  const lock = useLockComment();
  const groups = groupsFor(comment, viewer, moderates);
  const lockAs = comment.deleted ? null : staffCapacity(viewer, moderates);
  const threadLocked = lockedAbove || comment.locked;

  const author = authorLabel(comment, viewer);
  const official = speakingAs(comment.userGroup === 'null' ? 'normal' : comment.userGroup);
  const deleteAs = comment.deleted ? null : deleteCapacity(comment, viewer, moderates);
  const canReply = Boolean(viewer) && !comment.deleted && !post.locked && !threadLocked;
  const headingId = `comment-${comment.id}-by`;
  const hiddenForMute = comment.isAuthorMuted && !showMuted;

  const reply = async (body: string, userGroup: Capacity) => {
    try {
      await create.mutateAsync({ body, parentId: comment.id, userGroup });
      setMode('read');
    } catch (error) {
      throw new Error(createCommentError(error), { cause: error });
    }
  };
  const saveEdit = async (body: string) => {
    try {
      await edit.mutateAsync({ comment, body });
      setMode('read');
    } catch (error) {
      throw new Error(createCommentError(error), { cause: error });
    }
  };
  const confirmDelete = () => {
    if (!deleteAs) return;
    remove.mutate(
      { comment, as: deleteAs },
      {
        onSuccess: () => setConfirming(false),
        onError: (error) => showAlert(errorText(error), { tone: 'error' }),
      },
    );
  };

  const toggleLock = () => {
    if (!lockAs || lock.isPending) return;
    lock.mutate(
      { comment, lock: !comment.locked, as: lockAs },
      { onError: (error) => showAlert(errorText(error), { tone: 'error' }) },
    );
  };
  const url = () => absoluteUrl(commentPath(comment));
  // Beside the votes and Reply on wider screens; in one menu on phones, so a comment's actions stay
  // on one line.
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
      ? [{ label: comment.locked ? 'Unlock' : 'Lock', icon: 'lock' as const, onSelect: toggleLock }]
      : []),
  ];

  return (
    <li
      id={`comment-${comment.id}`}
      className={`${styles.comment} ${focusedId === comment.id ? styles.focused : ''}`}
      aria-labelledby={headingId}
    >
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
          <span aria-hidden="true">·</span>
          <Link href={commentPath(comment)} className={styles.time}>
            <RelativeTime date={comment.createdAt} />
          </Link>
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
            <CommentForm
              label="Edit your comment"
              initial={comment.body}
              submitLabel="Save"
              busy={edit.isPending}
              onSubmit={saveEdit}
              onCancel={() => setMode('read')}
              autoFocus
            />
          ) : (
            !(comment.deleted && comment.contentStripped) &&
            comment.body && (
              <FoldedBody mobile={layout.mobile}>
                <Suspense fallback={<p className={styles.plain}>{comment.body}</p>}>
                  <Markdown text={comment.body} embeds={!viewer?.embedsOff} />
                </Suspense>
              </FoldedBody>
            )
          )}

          <div className={styles.actions} data-comment-actions>
            <VotePair
              state={comment}
              compact
              disabled={post.locked}
              disabledTitle="Voting is off on locked posts"
              onVote={(up) => vote(comment, up)}
            />
            {canReply && mode !== 'reply' && (
              <button
                type="button"
                className={styles.textButton}
                onClick={() =>
                  // The deepest comments take no replies (core §7): say so rather than open a box.
                  comment.depth >= limits.commentMaxDepth
                    ? showAlert(messages.comments.threadTooDeep, { tone: 'error' })
                    : setMode('reply')
                }
              >
                Reply
              </button>
            )}
            {layout.mobile
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
            {groups && comment.userGroup !== 'null' && (
              <GroupSelect
                groups={groups}
                value={comment.userGroup}
                disabled={changeGroup.isPending}
                onChange={(group) =>
                  changeGroup.mutate(
                    { comment, group },
                    { onError: (error) => showAlert(errorText(error), { tone: 'error' }) },
                  )
                }
              />
            )}
          </div>

          {mode === 'reply' && (
            <CommentForm
              label={`Reply to ${comment.username}`}
              submitLabel="Reply"
              busy={create.isPending}
              groups={speakingGroups(viewer, moderates)}
              onSubmit={reply}
              onCancel={() => setMode('read')}
              autoFocus
            />
          )}

          {node.children.length > 0 && (
            <ul className={styles.replies}>
              {node.children.map((child) => (
                <CommentItem
                  key={child.comment.id}
                  node={child}
                  post={post}
                  viewer={viewer}
                  moderates={moderates}
                  lockedAbove={threadLocked}
                  layout={layout}
                  focusedId={focusedId}
                  onLoadReplies={onLoadReplies}
                />
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
                void onLoadReplies(comment).finally(() => setLoadingReplies(false));
              }}
            >
              {node.missingReplies} more {node.missingReplies === 1 ? 'reply' : 'replies'}
            </button>
          )}
        </div>
      )}

      {canReport && (
        <ReportDialog type="comment" targetId={comment.id} open={reporting} onOpenChange={setReporting} />
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={messages.common.areYouSure}
        confirmLabel="Delete"
        danger
        busy={remove.isPending}
        onConfirm={confirmDelete}
      >
        {deleteAs === 'normal'
          ? 'Your comment will be deleted. Replies to it stay.'
          : `This comment will be deleted as ${deleteAs === 'admins' ? 'admin' : 'moderator'}.`}
      </ConfirmDialog>
    </li>
  );
}
