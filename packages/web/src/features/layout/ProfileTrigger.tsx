import type { User } from '@commons/shared';
import { Avatar } from '../../components/ui/Avatar';
import { Icon } from '../../components/ui/Icon';
import { formatCount } from '../../lib/format-count';
import styles from './Navbar.module.css';

/**
 * What the account button shows: avatar, name and points, or "me" on narrow screens (core §2). Its
 * accessible name comes from this content, so it always contains the visible words.
 */
export function ProfileTrigger({ user, narrow }: { user: User; narrow: boolean }) {
  const points = `${user.points} point${user.points === 1 ? '' : 's'}`;
  return (
    <>
      <Avatar name={user.username} image={user.proPic} size={28} />
      {narrow ? (
        <span className={styles.profileName}>
          <span className="visually-hidden">
            Account menu: {user.username}, {points},{' '}
          </span>
          me
        </span>
      ) : (
        <span className={styles.profileName}>
          <span className="visually-hidden">Account menu: </span>
          <span className={styles.username}>{user.username}</span>{' '}
          <span className={styles.points}>
            {formatCount(user.points)}
            <span className="visually-hidden"> {user.points === 1 ? 'point' : 'points'}</span>
          </span>
        </span>
      )}
      <Icon name="chevronDown" size={16} />
    </>
  );
}
