import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Community } from '@commons/shared';
import { useCurrentTabInView } from '../../../lib/use-current-tab-in-view';
import styles from './Modtools.module.css';

/** The tabs of the moderation area, by their path segment (secondary §2). */
export const MODTOOLS_TABS = {
  settings: 'Community settings',
  reports: 'Reports',
  removed: 'Removed',
  locked: 'Locked',
  banned: 'Banned',
  mods: 'Moderators',
  rules: 'Rules',
  /** The community's moderation log (an addition to the specification). */
  log: 'Log',
} as const;

export type ModtoolsTab = keyof typeof MODTOOLS_TABS;

export function isModtoolsTab(value: string): value is ModtoolsTab {
  return Object.hasOwn(MODTOOLS_TABS, value);
}

const GROUPS: { name: string | null; tabs: ModtoolsTab[] }[] = [
  { name: null, tabs: ['settings'] },
  { name: 'Content', tabs: ['reports', 'removed', 'locked'] },
  { name: 'Users', tabs: ['banned', 'mods'] },
  { name: 'Rules', tabs: ['rules'] },
  { name: 'History', tabs: ['log'] },
];

/** The sidebar of the spec (a row of tabs on phones) beside the current tab. */
export function ModtoolsLayout({
  community,
  tab,
  children,
}: {
  community: Community;
  tab: ModtoolsTab | null;
  children: ReactNode;
}) {
  const base = `/${community.name}/modtools`;
  const nav = useCurrentTabInView<HTMLElement>(tab);
  return (
    <div className={styles.layout}>
      <nav ref={nav} className={styles.nav} aria-label="Moderation tools">
        <h2 className={styles.navTitle}>
          <Link href={`/${community.name}`}>{community.name}</Link>
        </h2>
        {GROUPS.map((group) => (
          <div key={group.tabs[0]}>
            {group.name && (
              <p className={styles.groupName} aria-hidden="true">
                {group.name}
              </p>
            )}
            <ul className={styles.navGroup} aria-label={group.name ?? undefined}>
              {group.tabs.map((t) => (
                <li key={t}>
                  <Link
                    href={`${base}/${t}`}
                    className={styles.navLink}
                    aria-current={t === tab ? 'page' : undefined}
                  >
                    {MODTOOLS_TABS[t]}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className={styles.content}>
        {/* The page's heading for those who navigate by headings; the sidebar and the tab show it. */}
        <h1 className="visually-hidden">
          Moderation tools: {community.name}
          {tab ? `, ${MODTOOLS_TABS[tab]}` : ''}
        </h1>
        {children}
      </div>
    </div>
  );
}
