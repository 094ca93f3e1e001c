import { useLayoutEffect, useRef, useState } from 'react';
import { messages, type User } from '@commons/shared';
import { UserText } from '../../../components/markdown/UserText';
import { Avatar } from '../../../components/ui/Avatar';
import { Button } from '../../../components/ui/Button';
import { showAlert } from '../../../components/ui/Toasts';
import { errorText } from '../../../lib/api-client';
import { MuteUserButton } from '../../mutes';
import { useCurrentUser } from '../../session';
import { useSupporterBadge } from '../api/badges';
import { isAdmin, mayBeBannedSiteWide } from '../../../lib/policies';
import { BanDialog } from './BanDialog';
import { PictureEditor } from './PictureEditor';
import styles from './Profile.module.css';

/** The about-me text folds above this height (core §2). */
const ABOUT_FOLD_PX = 120;

const joined = (date: string) =>
  new Date(date).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

function About({ text }: { text: string }) {
  const content = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [open, setOpen] = useState(false);
  // The rendered markdown arrives after the plain-text fallback, so the fold is measured again whenever
  // the content's height changes, not only once.
  useLayoutEffect(() => {
    const element = content.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollHeight > ABOUT_FOLD_PX + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  return (
    <div className={styles.about}>
      <div
        id="profile-about"
        className={styles.aboutText}
        dir="auto"
        style={!open ? { maxHeight: ABOUT_FOLD_PX } : undefined}
      >
        <div ref={content}>
          <UserText text={text} embeds={false} />
        </div>
      </div>
      {overflows && (
        <button
          type="button"
          className={styles.textButton}
          aria-expanded={open}
          aria-controls="profile-about"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? messages.common.showLess : 'Show more'}
        </button>
      )}
    </div>
  );
}

function AdminTools({ user }: { user: User }) {
  const [banning, setBanning] = useState(false);
  const badge = useSupporterBadge();
  const supporter = user.badges.some((b) => b.type === 'supporter');
  return (
    <div className={styles.adminTools}>
      {mayBeBannedSiteWide(user) && (
        <Button size="sm" variant="danger" onClick={() => setBanning(true)}>
          {user.isBanned ? 'Unban user' : 'Ban user'}
        </Button>
      )}
      {!user.deleted && (
        <Button
          size="sm"
          disabled={badge.isPending}
          onClick={() =>
            badge.mutate(
              { username: user.username, give: !supporter },
              { onError: (error) => showAlert(errorText(error), { tone: 'error' }) },
            )
          }
        >
          {supporter ? 'Remove supporter badge' : 'Give supporter badge'}
        </Button>
      )}
      <BanDialog user={user} open={banning} onOpenChange={setBanning} />
    </div>
  );
}

/**
 * The top of a profile (core §2): picture (the default colour by first letter), @username, Admin tag,
 * points, about-me folded at 120 px, badges, joined date and last-seen month. The owner edits their
 * picture here; an admin on someone else's profile finds the ban and badge controls.
 */
export function ProfileHeader({ user }: { user: User }) {
  const viewer = useCurrentUser();
  const own = viewer?.id === user.id;
  return (
    <header className={styles.header}>
      <div className={styles.identity}>
        {/* hideUserProfilePictures (core §3) hides other people's pictures, never the member's own. */}
        <Avatar
          name={user.username}
          image={own || !viewer?.hideUserProfilePictures ? user.proPic : null}
          size={80}
          described
        />
        <div className={styles.names}>
          <h1 className={styles.username}>
            {/* Only admins are shown a deleted account's profile; they see its real name in red (core §6). */}
            {user.deleted ? (
              <span className={styles.deletedName} title="Deleted account">
                @{user.username}
              </span>
            ) : (
              `@${user.username}`
            )}
            {user.isAdmin && <span className={styles.adminTag}>Admin</span>}
          </h1>
          <p className={styles.facts}>
            <span className={styles.factsLine}>
              <span>{user.points === 1 ? '1 point' : `${user.points} points`}</span>
              <span>Joined {joined(user.createdAt)}</span>
              <span>Last seen {user.lastSeenMonth}</span>
            </span>
          </p>
          {user.badges.length > 0 && (
            <ul className={styles.badges} aria-label="Badges">
              {user.badges.map((b) => (
                <li key={b.id} className={styles.badge}>
                  Supporter
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {user.aboutMe && <About text={user.aboutMe} />}
      <MuteUserButton user={user} />
      {own && <PictureEditor user={user} />}
      {isAdmin(viewer) && !own && <AdminTools user={user} />}
    </header>
  );
}
