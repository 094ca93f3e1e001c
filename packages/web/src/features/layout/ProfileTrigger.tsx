import type { User } from '@commons/shared';
import { Avatar } from '../../components/ui/Avatar';
import { Icon } from '../../components/ui/Icon';
import { formatCount } from '../../lib/format-count';
import styles from './Navbar.module.css';

export function profileTriggerLabel(user: User): string {
  return `Account menu for ${user.username}, ${user.points} points`;
}

/** What the account button shows: avatar, name and points, or "me" on narrow screens (core §2). */
export function ProfileTrigger({ user, narrow }: { user: User; narrow: boolean }) {
  return (
    <>
      <Avatar name={user.username} image={user.proPic} size={28} />
      {narrow ? (
        <span className={styles.profileName}>me</span>
      ) : (
        <span className={styles.profileName}>
          {user.username}
          <span className={styles.points}>{formatCount(user.points)}</span>
        </span>
      )}
      <Icon name="chevronDown" size={16} />
    </>
  );
}
