import type { Post } from '@commons/shared';
import type { MenuItem } from '../../../components/ui/Menu';
import { useAuthDialogs } from '../../auth';
import { useCurrentUser } from '../../session';
import { useMute, type MuteTarget } from '../api/mute';
import { useMuteState } from '../api/mute-state';
import { useUnmute } from '../api/unmute';

/** Mute or unmute one target: the label says which, from the viewer's cached mutes. */
export function useMuteToggle() {
  const state = useMuteState();
  const mute = useMute();
  const unmute = useUnmute();
  const isMuted = (target: MuteTarget) =>
    target.kind === 'user' ? state.isUserMuted(target.id) : state.isCommunityMuted(target.id);
  return {
    isMuted,
    busy: mute.isPending || unmute.isPending,
    label: (target: MuteTarget) =>
      `${isMuted(target) ? 'Unmute' : 'Mute'} ${target.kind === 'user' ? `@${target.username}` : `/${target.name}`}`,
    toggle: (target: MuteTarget) => (isMuted(target) ? unmute.mutate(target) : mute.mutate(target)),
  };
}

/**
 * The post menus' mute items for members (core §2): the post's community, and its author unless the
 * account is deleted or is the viewer's own. Guests get none: they have no mutes.
 */
export function usePostMuteItems(post: Post): () => MenuItem[] {
  const user = useCurrentUser();
  const mutes = useMuteToggle();
  return () => {
    if (!user) return [];
    const targets: MuteTarget[] = [{ kind: 'community', id: post.communityId, name: post.communityName }];
    if (!post.userDeleted && post.userId !== user.id) {
      targets.push({ kind: 'user', id: post.userId, username: post.username });
    }
    return targets.map((target) => ({
      kind: 'action' as const,
      label: mutes.label(target),
      icon: mutes.isMuted(target) ? ('volume' as const) : ('volumeOff' as const),
      onSelect: () => mutes.toggle(target),
    }));
  };
}

/**
 * The community page menu's mute toggle (core §2). The menu is there for guests too: for them the item
 * asks to log in first, as Join does.
 */
export function useCommunityMuteItem(community: { id: string; name: string }): () => MenuItem {
  const user = useCurrentUser();
  const mutes = useMuteToggle();
  const { openLoginPrompt } = useAuthDialogs();
  return () => {
    const target: MuteTarget = { kind: 'community', id: community.id, name: community.name };
    const muted = Boolean(user) && mutes.isMuted(target);
    return {
      kind: 'action',
      label: user ? mutes.label(target) : `Mute /${community.name}`,
      icon: muted ? 'volume' : 'volumeOff',
      onSelect: () => (user ? mutes.toggle(target) : openLoginPrompt()),
    };
  };
}
