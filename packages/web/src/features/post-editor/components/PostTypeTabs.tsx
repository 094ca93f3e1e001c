import { useRef, type KeyboardEvent } from 'react';
import type { PostTypeName } from '@commons/shared';
import { siteConfig } from '../../../app/site-config';
import { tabMovedTo } from '../../../lib/tab-keys';
import styles from './PostEditor.module.css';

// A site with image posts turned off has no Image tab.
const TABS: { type: PostTypeName; label: string }[] = [
  { type: 'text' as const, label: 'Text' },
  { type: 'image' as const, label: 'Image' },
  { type: 'link' as const, label: 'Link' },
].filter((tab) => tab.type !== 'image' || !siteConfig.imagePostsDisabled);

export function postTypeTabId(base: string, type: PostTypeName): string {
  return `${base}-tab-${type}`;
}

/** The Text, Image and Link tabs: arrow keys, Home and End move between them (the tabs pattern). */
export function PostTypeTabs({
  base,
  panelId,
  type,
  onChange,
  disabled,
}: {
  /** Prefix of the tabs' ids. */
  base: string;
  panelId: string;
  type: PostTypeName;
  onChange: (type: PostTypeName) => void;
  disabled: boolean;
}) {
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeTab = TABS.findIndex((tab) => tab.type === type);

  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const next = tabMovedTo(event.key, index, TABS.length);
    if (next === undefined) return;
    event.preventDefault();
    onChange(TABS[next]!.type);
    tabRefs.current[next]?.focus();
  };

  return (
    <div role="tablist" aria-label="Post type" className={styles.tabs}>
      {TABS.map((tab, i) => (
        <button
          key={tab.type}
          ref={(element) => {
            tabRefs.current[i] = element;
          }}
          type="button"
          role="tab"
          id={postTypeTabId(base, tab.type)}
          aria-selected={i === activeTab}
          aria-controls={panelId}
          tabIndex={i === activeTab ? 0 : -1}
          disabled={disabled}
          className={`${styles.tab} ${i === activeTab ? styles.tabActive : ''}`}
          onClick={() => onChange(tab.type)}
          onKeyDown={(event) => onTabKeyDown(event, i)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
