import type { CommunityRule, Image } from '@commons/shared';
import { UserText } from '../../../components/markdown/UserText';
import { Avatar } from '../../../components/ui/Avatar';
import { Skeleton } from '../../../components/ui/Skeleton';
import { memberCount } from '../../communities';
import styles from './PostEditor.module.css';

export interface SidebarCommunity {
  name: string;
  proPic: Image | null;
  noMembers: number;
  about: string | null;
  rules: CommunityRule[] | null;
}

/**
 * Beside the editor (core §2): the chosen community, with its icon, member count and description, and
 * its rules, so the post can follow them. Rules arrive with the full community; until then they wait.
 */
export function EditorSidebar({ community }: { community: SidebarCommunity | null }) {
  if (!community) {
    return (
      <section className={styles.sideCard} aria-labelledby="editor-side-title">
        <h2 id="editor-side-title" className={styles.sideHeading}>
          Posting
        </h2>
        <p className={styles.muted}>
          Choose a community first: its description and rules will show here. Posts are written in markdown;
          the guide explains how.
        </p>
      </section>
    );
  }
  const rules = community.rules ? [...community.rules].sort((a, b) => a.zIndex - b.zIndex) : null;
  return (
    <>
      <section className={styles.sideCard} aria-labelledby="editor-community-name">
        <div className={styles.sideCommunity}>
          <Avatar kind="community" name={community.name} image={community.proPic} size={48} />
          <div>
            <h2 id="editor-community-name" className={styles.sideName}>
              {community.name}
            </h2>
            <p className={styles.muted}>{memberCount(community.noMembers)}</p>
          </div>
        </div>
        {community.about && (
          <div className={styles.sideAbout}>
            <UserText text={community.about} embeds={false} />
          </div>
        )}
      </section>
      <section className={styles.sideCard} aria-labelledby="editor-rules-title">
        <h2 id="editor-rules-title" className={styles.sideHeading}>
          Rules
        </h2>
        {rules === null ? (
          <Skeleton lines={3} label="Loading rules" />
        ) : rules.length === 0 ? (
          <p className={styles.muted}>This community has no rules of its own. The site guidelines apply.</p>
        ) : (
          <ol className={styles.rules}>
            {rules.map((rule) => (
              <li key={rule.id}>
                <span className={styles.ruleTitle}>{rule.rule}</span>
                {rule.description && <p className={styles.ruleText}>{rule.description}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
