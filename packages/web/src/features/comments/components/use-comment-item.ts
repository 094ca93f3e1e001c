import { useState } from 'react';
import { limits, messages } from '@commons/shared';
import type { IconName } from '../../../components/ui/Icon';
import { showAlert } from '../../../components/ui/Toasts';
import { absoluteUrl, copyLink, shareNatively } from '../../../lib/share';
import { authorLabel, speakingAs } from '../../posts';
import { commentPath, deleteCapacity, staffCapacity, type CommentNode } from '../comment-tree';
import { draftedMode } from './CommentForm';
import { useCommentThread } from './comment-thread-context';

/** From this depth on wider screens, a comment with more than two other actions puts them in a menu. */
const MENU_FROM_DEPTH = 3;

/** An action of a comment besides voting and replying. */
export interface CommentAction {
  label: string;
  icon: IconName;
  onSelect: () => void;
}

/**
 * The state and the actions of one comment: collapsed or not, reading, replying or editing, the
 * dialogs once opened, and which actions the reader has (those the server would accept).
 */
export function useCommentItem(node: CommentNode, lockedAbove: boolean) {
  const thread = useCommentThread();
  const { post, viewer, moderates, layout, loadReplies, toggleLock, openLoginPrompt } = thread;
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
  const [saving, setSaving] = useState(false);
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
  const hiddenForMute = comment.isAuthorMuted && !showMuted;
  const closeBox = () => setMode('read');

  const reply = () => {
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
    // Save to list (core §2 Comments); guests are asked to log in (secondary §6).
    ...(!comment.deleted
      ? [
          {
            label: 'Save',
            icon: 'bookmark' as const,
            onSelect: () => (viewer ? setSaving(true) : openLoginPrompt()),
          },
        ]
      : []),
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

  const loadMoreReplies = () => {
    setLoadingReplies(true);
    void loadReplies(comment).finally(() => setLoadingReplies(false));
  };

  return {
    thread,
    comment,
    author,
    official,
    collapsed,
    toggleCollapsed: () => setCollapsed((c) => !c),
    mode,
    closeBox,
    hiddenForMute,
    showMuted: () => setShowMuted(true),
    canReply,
    reply,
    more,
    inMenu,
    threadLocked,
    loadingReplies,
    loadMoreReplies,
    canReport,
    reporting,
    setReporting,
    saving,
    setSaving,
    deleteAs,
    confirming,
    setConfirming,
  };
}

export type CommentItemState = ReturnType<typeof useCommentItem>;
