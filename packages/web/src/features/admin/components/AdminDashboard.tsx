import { Link } from 'wouter';
import type { ComponentType } from 'react';
import { messages } from '@commons/shared';
import { useCurrentTabInView } from '../../../lib/use-current-tab-in-view';
import { useDocumentTitle } from '../../../lib/use-document-title';
import styles from './Admin.module.css';
import { AnalyticsTab } from './AnalyticsTab';
import { CommentsTab } from './CommentsTab';
import { CommunitiesTab } from './CommunitiesTab';
import { CommunityRequestsTab } from './CommunityRequestsTab';
import { IpBlocksTab } from './IpBlocksTab';
import { SiteSettingsTab } from './SiteSettingsTab';
import { UsersTab } from './UsersTab';

/** The dashboard's sub-routes (secondary §2), in the navigation's order; '' is the index. */
export const ADMIN_SECTIONS: { path: string; label: string; Component: ComponentType }[] = [
  { path: '', label: 'Site settings', Component: SiteSettingsTab },
  { path: 'users', label: 'Users', Component: UsersTab },
  { path: 'comments', label: 'Comments', Component: CommentsTab },
  { path: 'communities', label: 'Communities', Component: CommunitiesTab },
  { path: 'ipblocks', label: 'IP blocks', Component: IpBlocksTab },
  { path: 'bss', label: 'Analytics', Component: AnalyticsTab },
  { path: 'new-community-requests', label: 'Community requests', Component: CommunityRequestsTab },
];

const href = (path: string) => (path ? `/admin/${path}` : '/admin');

/**
 * The admin dashboard: its navigation (a column on wide screens, a row of tabs on narrow ones) and the
 * section at `section`, the path after /admin; anything else is 'Not found'.
 */
export function AdminDashboard({ section }: { section: string }) {
  const current = ADMIN_SECTIONS.find((s) => s.path === section);
  useDocumentTitle(current ? `${current.label} · Admin` : 'Admin');
  // The nav is the row that scrolls sideways on phones.
  const tabs = useCurrentTabInView<HTMLElement>(section);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Admin dashboard</h1>
      <nav ref={tabs} className={styles.nav} aria-label="Admin dashboard">
        <ul className={styles.navList}>
          {ADMIN_SECTIONS.map((s) => (
            <li key={s.path}>
              <Link
                href={href(s.path)}
                className={styles.navLink}
                aria-current={s === current ? 'page' : undefined}
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className={styles.section} aria-labelledby="admin-section-title">
        <h2 id="admin-section-title" className={styles.sectionTitle}>
          {current ? current.label : messages.admin.notFound}
        </h2>
        {current ? <current.Component /> : <p className={styles.note}>{messages.common.notFoundText}</p>}
      </section>
    </div>
  );
}
