import type { User } from '@commons/shared';
import { Button } from '../../../components/ui/Button';
import { Icon } from '../../../components/ui/Icon';
import { useCurrentUser } from '../../session';
import { useMuteToggle } from './mute-items';
import styles from './MuteUserButton.module.css';

/** Mute or Unmute on another member's profile (core §2); not on one's own, nor on a deleted account. */
export function MuteUserButton({ user }: { user: Pick<User, 'id' | 'username' | 'deleted'> }) {
  const viewer = useCurrentUser();
  const mutes = useMuteToggle();
  if (!viewer || viewer.id === user.id || user.deleted) return null;
  const target = { kind: 'user' as const, id: user.id, username: user.username };
  const muted = mutes.isMuted(target);
  return (
    <Button size="sm" className={styles.mute} disabled={mutes.busy} onClick={() => mutes.toggle(target)}>
      <Icon name={muted ? 'volume' : 'volumeOff'} size={16} />
      {muted ? 'Unmute' : 'Mute'}
    </Button>
  );
}
