import { Link } from 'wouter';
import type { Community } from '@commons/shared';
import { UserText } from '../../../components/markdown/UserText';
import { Icon } from '../../../components/ui/Icon';
import { formatCount } from '../../../lib/format-count';
import { useCurrentUser } from '../../session';
import styles from './CommunityDetails.module.css';

export function memberCount(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'member' : 'members'}`;
}

export function createdDate(createdAt: string): string {
  return new Date(createdAt).toLocaleDateString(undefined, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

/** About text (markdown), members and creation date. */
export function CommunityAboutCard({
  community,
  heading = true,
}: {
  community: Community;
  heading?: boolean;
}) {
  const user = useCurrentUser();
  return (
    <section className={styles.card} aria-labelledby={`about-${community.id}`}>
      <h2 id={`about-${community.id}`} className={heading ? styles.title : 'visually-hidden'}>
        About {community.name}
      </h2>
      {community.about ? (
        <div className={styles.about} dir="auto">
          <UserText text={community.about} embeds={!user?.embedsOff} />
        </div>
      ) : (
        <p className={styles.muted}>This community has not written a description yet.</p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt className="visually-hidden">Members</dt>
          <dd>
            <Icon name="user" size={17} />
            {memberCount(community.noMembers)}
          </dd>
        </div>
        <div>
          <dt className="visually-hidden">Created</dt>
          <dd>
            <Icon name="calendar" size={17} />
            Created {createdDate(community.createdAt)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The community's rules in their order (core §2 sidebar). */
export function CommunityRulesCard({ community }: { community: Community }) {
  const rules = [...(community.rules ?? [])].sort((a, b) => a.zIndex - b.zIndex);
  if (rules.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby={`rules-${community.id}`}>
      <h2 id={`rules-${community.id}`} className={styles.title}>
        Rules
      </h2>
      <ol className={styles.rules}>
        {rules.map((rule) => (
          <li key={rule.id}>
            <span className={styles.rule} dir="auto">
              {rule.rule}
            </span>
            {rule.description && (
              <p className={styles.ruleText} dir="auto">
                {rule.description}
              </p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Who moderates the community, in rank order. */
export function CommunityModeratorsCard({ community }: { community: Community }) {
  const mods = community.mods ?? [];
  if (mods.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby={`mods-${community.id}`}>
      <h2 id={`mods-${community.id}`} className={styles.title}>
        Moderators
      </h2>
      <ul className={styles.mods}>
        {mods.map((mod) => (
          <li key={mod.id}>
            <Link href={`/@${mod.username}`}>@{mod.username}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The side column of community and post pages. */
export function CommunityDetails({ community }: { community: Community }) {
  return (
    <>
      <CommunityAboutCard community={community} />
      <CommunityRulesCard community={community} />
      <CommunityModeratorsCard community={community} />
    </>
  );
}
