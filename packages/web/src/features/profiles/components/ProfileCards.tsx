import { Link } from 'wouter';
import type { User } from '@commons/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { isAdmin } from '../../../lib/policies';
import { ListsCard } from '../../lists';
import { useCurrentUser } from '../../session';
import { AdminDetails } from './AdminDetails';
import styles from './Profile.module.css';

/**
 * The profile's side cards (core §2): Summary, Badges, Moderator of and Lists, and for admins the table
 * of every detail.
 */
export function ProfileCards({ user }: { user: User }) {
  const viewer = useCurrentUser();
  return (
    <>
      <section className={styles.card} aria-labelledby="profile-summary">
        <h2 id="profile-summary" className={styles.cardTitle}>
          Summary
        </h2>
        <dl className={styles.summary}>
          <div>
            <dt>Posts</dt>
            <dd>{user.noPosts}</dd>
          </div>
          <div>
            <dt>Comments</dt>
            <dd>{user.noComments}</dd>
          </div>
        </dl>
      </section>
      {user.badges.length > 0 && (
        <section className={styles.card} aria-labelledby="profile-badges">
          <h2 id="profile-badges" className={styles.cardTitle}>
            Badges
          </h2>
          <p>Supporter: helps keep this site running.</p>
        </section>
      )}
      {user.moddingList && user.moddingList.length > 0 && (
        <section className={styles.card} aria-labelledby="profile-modding">
          <h2 id="profile-modding" className={styles.cardTitle}>
            Moderator of
          </h2>
          <ul className={styles.modding}>
            {user.moddingList.map((c) => (
              <li key={c.id}>
                <Link href={`/${c.name}`} className={styles.community}>
                  <Avatar kind="community" name={c.name} image={c.proPic} size={24} />
                  <span className={styles.communityName}>{c.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <ListsCard username={user.username} className={styles.card} titleClassName={styles.cardTitle} />
      {isAdmin(viewer) && <AdminDetails user={user} />}
    </>
  );
}
