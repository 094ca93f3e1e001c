import { useState } from 'react';
import { Link } from 'wouter';
import { messages, ui, type CommunityWithoutMods } from '@commons/shared';
import { Avatar } from '../../components/ui/Avatar';
import styles from './Sidebar.module.css';

/** The sidebar's communities: the first 10, then "Show N more" / "Show less" (core §2). */
export function CommunityList({
  communities,
  onNavigate,
}: {
  communities: CommunityWithoutMods[];
  onNavigate?: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const limit = ui.sidebarCommunitiesShown;
  const shown = expanded ? communities : communities.slice(0, limit);
  const hidden = communities.length - limit;
  return (
    <>
      <ul className={styles.list}>
        {shown.map((community) => (
          <li key={community.id}>
            <Link href={`/${community.name}`} className={styles.link} onClick={onNavigate}>
              <Avatar kind="community" name={community.name} image={community.proPic} size={22} />
              <span className={styles.label}>{community.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button
          type="button"
          className={styles.more}
          onClick={() => setExpanded((e) => !e)}
          aria-expanded={expanded}
        >
          {expanded ? messages.common.showLess : messages.common.showMore(hidden)}
        </button>
      )}
    </>
  );
}
