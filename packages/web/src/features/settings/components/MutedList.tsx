import { Link } from 'wouter';
import type { Mute } from '@commons/shared';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { useUnmute, useUnmuteAll, type MuteTarget } from '../../mutes';
import styles from './Settings.module.css';

const TEXTS = {
  user: { title: 'Muted users', empty: "You haven't muted anyone." },
  community: { title: 'Muted communities', empty: "You haven't muted any communities." },
} as const;

type MuteType = MuteTarget['kind'];

function nameOf(mute: Mute): string {
  return mute.type === 'user' ? (mute.mutedUser?.username ?? '') : (mute.mutedCommunity?.name ?? '');
}

/** The mute as the mutes feature names its target (the unmute toasts use the name). */
function targetOf(mute: Mute): MuteTarget {
  return mute.type === 'user'
    ? { kind: 'user', id: mute.mutedUserId ?? '', username: nameOf(mute) }
    : { kind: 'community', id: mute.mutedCommunityId ?? '', name: nameOf(mute) };
}

/**
 * One list of mutes (secondary §2, §4): each with Unmute, and Unmute all. The mutes are the session's
 * (`_initial.mutes`), so an unmute shows wherever they are read.
 */
export function MutedList({
  type,
  mutes,
  hidePictures,
}: {
  type: MuteType;
  mutes: Mute[];
  hidePictures: boolean;
}) {
  const unmute = useUnmute();
  const unmuteAll = useUnmuteAll();
  const { title, empty } = TEXTS[type];
  const headingId = `settings-muted-${type}`;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <div className={styles.cardHead}>
        <h2 id={headingId} className={styles.cardTitle}>
          {title}
        </h2>
        {mutes.length > 0 && (
          <Button
            size="sm"
            variant="ghost"
            disabled={unmuteAll.isPending}
            onClick={() => unmuteAll.mutate(type)}
          >
            Unmute all
          </Button>
        )}
      </div>
      {mutes.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <ul className={styles.muteList}>
          {mutes.map((mute) => {
            const name = nameOf(mute);
            const target = targetOf(mute);
            const pending = unmute.isPending && unmute.variables?.id === target.id;
            return (
              <li key={mute.id} className={styles.muteRow}>
                {mute.type === 'user' ? (
                  <Link href={`/@${name}`} className={styles.muteName}>
                    <Avatar name={name} image={hidePictures ? null : mute.mutedUser?.proPic} size={28} />
                    <span>@{name}</span>
                  </Link>
                ) : (
                  <Link href={`/${name}`} className={styles.muteName}>
                    <Avatar kind="community" name={name} image={mute.mutedCommunity?.proPic} size={28} />
                    <span>/{name}</span>
                  </Link>
                )}
                <Button
                  size="sm"
                  disabled={pending}
                  aria-label={`Unmute ${mute.type === 'user' ? '@' : '/'}${name}`}
                  onClick={() => unmute.mutate(target)}
                >
                  Unmute
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
