import { Link } from 'wouter';
import { messages, type Community, type Image } from '@commons/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { buttonClass } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { LazyMenu } from '../../../components/ui/LazyMenu';
import type { MenuItem } from '../../../components/ui/Menu';
import { absoluteUrl, canShareNatively, copyLink, shareNatively } from '../../../lib/share';
import { useCommunityMuteItem } from '../../mutes';
import { useCurrentUser, useInitial } from '../../session';
import styles from './CommunityHeader.module.css';
import { isAdmin, mayPostIn, standingIn } from '../../../lib/policies';
import { memberCount } from './CommunityDetails';
import { JoinButton } from './JoinButton';

/** MOD TOOLS for moderators; MOD TOOLS (ADMIN) for admins who are not (secondary spec §2). */
export function modToolsLabel(community: Pick<Community, 'userMod'>, admin: boolean): string | null {
  if (community.userMod) return messages.communities.modTools;
  if (admin) return messages.communities.modToolsAdmin;
  return null;
}

function bannerSources(image: Image): { src: string; srcSet?: string } {
  const small = image.copies.find((c) => c.name === 'small');
  const large = image.copies.find((c) => c.name === 'large');
  if (!small || !large) return { src: small?.url ?? image.url };
  return { src: small.url, srcSet: `${small.url} ${small.width}w, ${large.url} ${large.width}w` };
}

/** Banner, icon, name, members, and the community's actions (core §2). */
export function CommunityHeader({ community }: { community: Community }) {
  const user = useCurrentUser();
  const banned = useInitial().bannedFrom?.includes(community.id) ?? false;
  const modTools = modToolsLabel(community, isAdmin(user));
  // Made when used: the server's render of the page has no location to make it from.
  const url = () => absoluteUrl(`/${community.name}`);
  // Guests see Create post too (it asks them to log in) where members without a role may post.
  const canPost = user
    ? mayPostIn(standingIn(user, community, banned), community)
    : !banned && !community.postingRestricted;
  const banner = community.bannerImage;
  const muteItem = useCommunityMuteItem(community);

  const menu = (): MenuItem[] => [
    ...(canShareNatively()
      ? [
          {
            kind: 'action' as const,
            label: 'Share',
            icon: 'share' as const,
            onSelect: () => void shareNatively({ title: community.name, url: url() }),
          },
        ]
      : []),
    { kind: 'action', label: 'Copy URL', icon: 'copy', onSelect: () => void copyLink(url()) },
    muteItem(),
  ];

  return (
    <header className={styles.header}>
      <div className={styles.banner} style={{ backgroundColor: banner?.averageColor }}>
        {banner && (
          <img
            {...bannerSources(banner)}
            sizes="(max-width: 768px) 100vw, 1040px"
            alt={banner.altText ?? ''}
            decoding="async"
          />
        )}
      </div>
      <div className={styles.identity}>
        <span className={styles.icon}>
          <Avatar kind="community" name={community.name} image={community.proPic} size={76} described />
        </span>
        <div className={styles.names}>
          <h1 className={styles.name}>{community.name}</h1>
          <p className={styles.members}>{memberCount(community.noMembers)}</p>
        </div>
        <div className={styles.actions}>
          <JoinButton community={community} />
          {canPost && (
            <Link
              href={`/new?community=${encodeURIComponent(community.name)}`}
              className={buttonClass('secondary')}
            >
              <Icon name="plus" size={18} />
              Create post
            </Link>
          )}
          {modTools && (
            <Link href={`/${community.name}/modtools`} className={buttonClass('secondary')}>
              <Icon name="shield" size={18} />
              {modTools}
            </Link>
          )}
          <LazyMenu
            label={`${community.name} options`}
            triggerLabel="More options"
            triggerClassName={styles.menuButton}
            trigger={<Icon name="dots" size={20} />}
            items={menu}
          />
        </div>
      </div>
      {banned && (
        <p className={styles.banned} role="status">
          {messages.posts.bannedFrom(community.name)}
        </p>
      )}
    </header>
  );
}
