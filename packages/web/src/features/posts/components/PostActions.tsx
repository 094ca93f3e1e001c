import { lazy, Suspense, useState } from 'react';
import { Link } from 'wouter';
import { messages, ui, type Community, type Post } from '@commons/shared';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog';
import { Icon } from '../../../components/ui/Icon';
import { LazyMenu } from '../../../components/ui/LazyMenu';
import type { MenuItem } from '../../../components/ui/Menu';
import { useMediaQuery } from '../../../lib/device';
import { absoluteUrl, canShareNatively, copyLink, openExternal, shareNatively } from '../../../lib/share';
import { useAuthDialogs } from '../../auth';
import { usePostMuteItems } from '../../mutes';
import { useCurrentUser } from '../../session';
import { useDeletePost, type DeletePostVariables } from '../api/delete-post';
import { usePostAction, type PostAction } from '../api/post-action';
import { postPath } from '../post-rules';
import { ReportDialog } from '../../reports';
import { officialGroups, standingIn } from '../../../lib/policies';
import { PostIdDialog } from './PostIdDialog';
import styles from './PostView.module.css';

// Loaded when someone first saves: most readers never do.
const SaveToListModal = lazy(() => import('../../lists').then((m) => ({ default: m.SaveToListModal })));
// Loaded when a moderator or admin first removes a post.
const RemovalDialog = lazy(() => import('../../modlog').then((m) => ({ default: m.RemovalDialog })));

type PendingDelete = Omit<DeletePostVariables, 'post'> & {
  title: string;
  confirmLabel: string;
  /**
   * A moderator's or admin's removal takes a reason, with its content or not; purging what is already
   * removed (its reason given then) is a plain confirmation, like the author's own deletions. Decided
   * when asked: the post the dialog is about changes under it once the deletion succeeds.
   */
  withReason: boolean;
};

function download(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

/** Share: the device's share sheet on narrower screens when it has one, else a menu (core §2). */
function ShareButton({ post, imageIndex }: { post: Post; imageIndex: number }) {
  const narrow = useMediaQuery(`(max-width: ${ui.shareSheetBelowPx - 1}px)`);
  // Made when used: the server's render of the page has no location to make it from.
  const url = () => absoluteUrl(postPath(post));
  const label = (
    <>
      <Icon name="share" size={18} />
      Share
    </>
  );
  if (narrow && canShareNatively()) {
    return (
      <button
        type="button"
        className={styles.action}
        onClick={() => void shareNatively({ title: post.title, url: url() })}
      >
        {label}
      </button>
    );
  }
  const image = post.images[imageIndex] ?? post.image;
  const items = (): MenuItem[] => [
    {
      kind: 'action',
      label: 'Twitter / X',
      icon: 'external',
      onSelect: () =>
        openExternal(
          `https://twitter.com/intent/tweet?url=${encodeURIComponent(url())}&text=${encodeURIComponent(post.title)}`,
        ),
    },
    {
      kind: 'action',
      label: 'Facebook',
      icon: 'external',
      onSelect: () =>
        openExternal(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url())}`),
    },
    { kind: 'action', label: 'Copy URL', icon: 'copy', onSelect: () => void copyLink(url()) },
    ...(post.type === 'image' && image
      ? [
          {
            kind: 'action' as const,
            label: 'Download image',
            icon: 'download' as const,
            onSelect: () => download(image.url),
          },
        ]
      : []),
  ];
  return <LazyMenu label="Share" triggerClassName={styles.action} trigger={label} items={items} />;
}

/**
 * What the reader may do with the post: share; the author's Edit and Delete (and, once deleted, delete
 * its image or link); the moderators' and admins' actions (core §2, §6). Controls the server would
 * refuse are not shown.
 */
export function PostActions({
  post,
  community,
  imageIndex,
}: {
  post: Post;
  community: Community | undefined;
  imageIndex: number;
}) {
  const user = useCurrentUser();
  const action = usePostAction();
  const remove = useDeletePost();
  const muteItems = usePostMuteItems(post);
  const [pending, setPending] = useState<PendingDelete | null>(null);
  const isAuthor = Boolean(user && !post.userDeleted && user.id === post.userId);
  // A menu per official group the reader acts in: an admin who does not moderate has only the admin one.
  const groups = officialGroups(standingIn(user, community));
  const isMod = groups.includes('mods');
  const isAdmin = groups.includes('admins');
  const [reporting, setReporting] = useState(false);
  const [showingIds, setShowingIds] = useState(false);
  const [saving, setSaving] = useState(false);
  const { openLoginPrompt } = useAuthDialogs();
  const canReport = Boolean(user && !isAuthor && user.id !== post.userId && !post.deleted);
  const run = (a: PostAction) => action.mutate({ post, ...a });
  const contentDeletable = post.type === 'image' || post.type === 'link';

  /** Lock, Delete and the author's "Speaking officially", the same for both capacities. */
  const staffItems = (as: 'mods' | 'admins'): MenuItem[] => [
    {
      kind: 'action',
      label: post.locked ? 'Unlock' : 'Lock',
      icon: 'lock',
      onSelect: () => run({ action: post.locked ? 'unlock' : 'lock', lockAs: as }),
    },
    ...(!post.deleted
      ? [
          {
            kind: 'action' as const,
            label: 'Delete',
            icon: 'trash' as const,
            onSelect: () =>
              setPending({
                deleteAs: as,
                deleteContent: false,
                withReason: true,
                title: as === 'mods' ? 'Delete this post as a moderator?' : 'Delete this post as an admin?',
                confirmLabel: 'Delete',
              }),
          },
        ]
      : []),
    ...(isAuthor
      ? [
          {
            kind: 'toggle' as const,
            label: 'Speaking officially',
            checked: post.userGroup === as,
            onChange: (on: boolean) => run({ action: 'changeAsUser', userGroup: on ? as : 'normal' }),
          },
        ]
      : []),
  ];

  const modItems = (): MenuItem[] => [
    ...staffItems('mods'),
    {
      kind: 'toggle',
      label: 'Pinned',
      checked: post.isPinned,
      onChange: (on) => run({ action: on ? 'pin' : 'unpin', siteWide: false }),
    },
  ];

  const adminItems = (): MenuItem[] => [
    { kind: 'action', label: 'ID', icon: 'info', onSelect: () => setShowingIds(true) },
    ...staffItems('admins'),
    ...(!post.deletedContent
      ? [
          {
            kind: 'action' as const,
            label: 'Delete content',
            icon: 'trash' as const,
            onSelect: () =>
              setPending({
                deleteAs: 'admins',
                deleteContent: true,
                withReason: !post.deleted,
                title: 'Delete this post and its content?',
                confirmLabel: 'Delete content',
              }),
          },
        ]
      : []),
    {
      kind: 'toggle',
      label: 'Pinned site-wide',
      checked: post.isPinnedSite,
      onChange: (on) => run({ action: on ? 'pin' : 'unpin', siteWide: true }),
    },
    { kind: 'action', label: 'Announce', icon: 'megaphone', onSelect: () => run({ action: 'announce' }) },
  ];

  return (
    <>
      <ShareButton post={post} imageIndex={imageIndex} />
      <button
        type="button"
        className={styles.action}
        onClick={() => (user ? setSaving(true) : openLoginPrompt())}
      >
        <Icon name="bookmark" size={18} />
        Save
      </button>
      {user && saving && (
        <Suspense fallback={null}>
          <SaveToListModal targetType="post" targetId={post.id} onClose={() => setSaving(false)} />
        </Suspense>
      )}
      {isAuthor && !post.deleted && (
        <Link href={`/new?edit=${encodeURIComponent(post.publicId)}`} className={styles.action}>
          <Icon name="edit" size={18} />
          Edit
        </Link>
      )}
      {isAuthor && !post.deleted && (
        <button
          type="button"
          className={styles.action}
          onClick={() =>
            setPending({
              deleteAs: 'normal',
              deleteContent: false,
              withReason: false,
              title: 'Delete post?',
              confirmLabel: 'Delete',
            })
          }
        >
          <Icon name="trash" size={18} />
          Delete
        </button>
      )}
      {isAuthor && post.deleted && !post.deletedContent && contentDeletable && (
        <button
          type="button"
          className={styles.action}
          onClick={() =>
            setPending({
              deleteAs: 'normal',
              deleteContent: true,
              withReason: false,
              title:
                post.type === 'image' ? 'Delete the images of this post?' : 'Delete the link of this post?',
              confirmLabel: 'Delete',
            })
          }
        >
          <Icon name="trash" size={18} />
          {post.type === 'image' ? 'Delete image' : 'Delete link'}
        </button>
      )}
      {canReport && (
        <button type="button" className={styles.action} onClick={() => setReporting(true)}>
          <Icon name="flag" size={18} />
          Report
        </button>
      )}
      {canReport && (
        <ReportDialog type="post" targetId={post.id} open={reporting} onOpenChange={setReporting} />
      )}
      {user && (
        <LazyMenu
          label="Post options"
          triggerLabel="More options"
          triggerClassName={styles.action}
          trigger={<Icon name="dots" size={18} />}
          items={muteItems}
        />
      )}
      {isMod && (
        <LazyMenu
          label="Moderator actions"
          triggerClassName={styles.action}
          trigger={
            <>
              <Icon name="shield" size={18} />
              Moderate
            </>
          }
          items={modItems}
        />
      )}
      {isAdmin && (
        <LazyMenu
          label="Admin actions"
          triggerClassName={styles.action}
          trigger={
            <>
              <Icon name="shield" size={18} />
              Admin
            </>
          }
          items={adminItems}
        />
      )}
      {isAdmin && <PostIdDialog post={post} open={showingIds} onOpenChange={setShowingIds} />}
      {pending?.withReason && (
        <Suspense fallback={null}>
          <RemovalDialog
            open
            onOpenChange={(open) => !open && setPending(null)}
            title={pending.title}
            what="post"
            as={pending.deleteAs as 'mods' | 'admins'}
            purge={pending.deleteContent}
            confirmLabel={pending.confirmLabel}
            communityName={post.communityName}
            busy={remove.isPending}
            onConfirm={(reason) => {
              remove.mutate(
                { post, deleteAs: pending.deleteAs, deleteContent: pending.deleteContent, ...reason },
                { onSettled: () => setPending(null) },
              );
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={pending !== null && !pending.withReason}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.title ?? ''}
        confirmLabel={pending?.confirmLabel ?? 'Delete'}
        danger
        busy={remove.isPending}
        onConfirm={() => {
          if (!pending) return;
          const { deleteAs, deleteContent } = pending;
          remove.mutate({ post, deleteAs, deleteContent }, { onSettled: () => setPending(null) });
        }}
      >
        <p>{messages.common.areYouSure} This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
