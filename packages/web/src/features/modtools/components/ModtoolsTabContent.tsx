import { lazy, Suspense } from 'react';
import type { Community, User } from '@commons/shared';
import { BannedTab } from './BannedTab';
import { ModeratorsTab } from './ModeratorsTab';
import type { ModtoolsTab } from './ModtoolsLayout';
import { PostsTab } from './PostsTab';
import { ReportsTab } from './ReportsTab';
import { RulesTab } from './RulesTab';
import { SettingsTab } from './SettingsTab';
import styles from './Modtools.module.css';

// The public log's list, loaded with the log's own page: one chunk for both.
const ModLogList = lazy(() => import('../../modlog').then((m) => ({ default: m.ModLogList })));

/** One tab of the moderation area for a viewer who may moderate the community. */
export function ModtoolsTabContent({
  tab,
  community,
  viewer,
}: {
  tab: ModtoolsTab;
  community: Community;
  viewer: User;
}) {
  // An admin who does not moderate the community acts in the admins' capacity (API.md §8.5).
  const deleteAs = community.userMod ? 'mods' : 'admins';
  switch (tab) {
    case 'settings':
      return <SettingsTab key={community.id} community={community} admin={viewer.isAdmin} />;
    case 'reports':
      return <ReportsTab community={community} deleteAs={deleteAs} />;
    case 'removed':
      return <PostsTab community={community} filter="deleted" />;
    case 'locked':
      return <PostsTab community={community} filter="locked" />;
    case 'banned':
      return <BannedTab community={community} />;
    case 'mods':
      return <ModeratorsTab community={community} viewer={viewer} />;
    case 'rules':
      return <RulesTab community={community} />;
    case 'log':
      return (
        <section className={styles.card} aria-labelledby="modtools-log">
          <h2 id="modtools-log" className={styles.cardTitle}>
            Moderation log
          </h2>
          <Suspense fallback={null}>
            <ModLogList community={community.name} />
          </Suspense>
        </section>
      );
  }
}
