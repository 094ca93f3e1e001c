import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { messages, type ModLogEntry } from '@commons/shared';
import { isModLogAction, MOD_LOG_ACTIONS, modLogMessages } from '@commons/shared/modlog';
import { Button } from '../../../components/ui/Button';
import { Skeleton } from '../../../components/ui/Skeleton';
import { errorText } from '../../../lib/api-client';
import { useModLog } from '../api/get-modlog';
import type { ModLogFilters } from '../api/keys';
import styles from './ModLog.module.css';

/**
 * The filters live in the URL (`?action=&moderator=`), so a filtered log can be shared. An action the
 * log does not know (a link typed by hand) is no filter: the whole log, not an error.
 */
export function filtersFrom(search: string): ModLogFilters {
  const params = new URLSearchParams(search);
  const action = params.get('action') ?? '';
  return { action: isModLogAction(action) ? action : '', moderator: params.get('moderator') ?? '' };
}

function Who({ entry }: { entry: ModLogEntry }) {
  if (entry.moderatorHidden) return <>{modLogMessages.hiddenModerator}</>;
  if (entry.moderator === null) return <>{modLogMessages.operator}</>;
  return <Link href={`/@${encodeURIComponent(entry.moderator)}`}>@{entry.moderator}</Link>;
}

/**
 * ` @name`, or ` by @name` with `lead`. The words come and go with the name: one this viewer may not
 * see (the author who is the hidden moderator) leaves no dangling 'by' and no stray space.
 */
function UserLink({ name, lead }: { name: string | null; lead?: string }) {
  if (!name) return null;
  return (
    <>
      {lead ? ` ${lead} ` : ' '}
      <Link href={`/@${encodeURIComponent(name)}`}>@{name}</Link>
    </>
  );
}

/** What the entry acted on, after its verb. */
function Target({ entry }: { entry: ModLogEntry }): ReactNode {
  const { target } = entry;
  const postHref =
    entry.community && target.postId
      ? `/${encodeURIComponent(entry.community)}/post/${encodeURIComponent(target.postId)}`
      : null;
  const title = target.title ? `“${target.title}”` : '';
  switch (target.type) {
    case 'comment':
      return (
        <>
          <UserLink name={target.username} lead="by" />{' '}
          {postHref ? <Link href={`${postHref}/${target.commentId ?? ''}`}>{title}</Link> : title}
        </>
      );
    case 'post':
      return (
        <>
          {' '}
          {postHref ? <Link href={postHref}>{title}</Link> : title}
          <UserLink name={target.username} lead="by" />
        </>
      );
    case 'user':
      return (
        <>
          <UserLink name={target.username} />
          {target.title && <> ({target.title})</>}
          <Until entry={entry} />
        </>
      );
    case 'rule':
      return <> {title}</>;
    case 'community':
      // A community request's name; a community's changed settings; a default community, by name.
      if (target.title) {
        return (
          <>
            {' '}
            {entry.community ? (
              <Link href={`/${encodeURIComponent(entry.community)}`}>/{target.title}</Link>
            ) : (
              `/${target.title}`
            )}
          </>
        );
      }
      if (entry.changes) return <> {settingList(entry.changes)}</>;
      return entry.community ? (
        <>
          {' '}
          <Link href={`/${encodeURIComponent(entry.community)}`}>/{entry.community}</Link>
        </>
      ) : null;
    case 'site':
      return (
        <>
          {entry.changes && <> {settingList(entry.changes)}</>}
          <Until entry={entry} />
        </>
      );
  }
}

/** The changed settings by their names on the settings pages (an unknown field as it is). */
function settingList(changes: readonly string[]): string {
  return changes.map((field) => modLogMessages.settingNames[field] ?? field).join(', ');
}

/** Whether the entry's line already names (and links) its community. */
function namesCommunity(entry: ModLogEntry): boolean {
  return entry.target.type === 'community' && entry.community !== null && !entry.changes;
}

/** A ban's or an IP block's end. */
function Until({ entry }: { entry: ModLogEntry }) {
  return entry.expiresAt ? <> until {new Date(entry.expiresAt).toLocaleString()}</> : null;
}

function Entry({ entry, showCommunity }: { entry: ModLogEntry; showCommunity: boolean }) {
  const reason =
    entry.reasonRule && entry.reason
      ? `${entry.reasonRule}: ${entry.reason}`
      : (entry.reasonRule ?? entry.reason);
  return (
    <li className={styles.entry}>
      <p className={styles.line}>
        <Who entry={entry} />
        {/* The operator has no group to speak for; a hidden moderator's would tell who it was. */}
        {entry.actedAs === 'admins' &&
          !entry.moderatorHidden &&
          entry.moderator !== null &&
          ` (${modLogMessages.asAdmins})`}{' '}
        {modLogMessages.actions[entry.action]}
        <Target entry={entry} />
      </p>
      {reason && (
        <p className={styles.reason}>
          {modLogMessages.reasonPrefix} {reason}
        </p>
      )}
      <p className={styles.meta}>
        <time dateTime={entry.createdAt}>{new Date(entry.createdAt).toLocaleString()}</time>
        {showCommunity && entry.community && !namesCommunity(entry) && (
          <>
            {' · '}
            <Link href={`/${encodeURIComponent(entry.community)}`}>/{entry.community}</Link>
          </>
        )}
      </p>
    </li>
  );
}

/**
 * The public moderation log (an addition to the specification): a community's (`community` its
 * name) or the whole site's (null), with filters by action and moderator, newest first, More for the
 * next page. The modtools Log tab shows the same list.
 */
export function ModLogList({ community }: { community: string | null }) {
  const id = useId();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const filters = filtersFrom(search);
  const [draft, setDraft] = useState(filters);
  // Back, Forward and links change the URL under the list: the fields follow it, as on the search
  // page (set while rendering, React's pattern for state that follows a prop).
  const fromUrl = `${filters.action}\n${filters.moderator}`;
  const [draftFrom, setDraftFrom] = useState(fromUrl);
  if (draftFrom !== fromUrl) {
    setDraftFrom(fromUrl);
    setDraft(filters);
  }
  const log = useModLog(community, filters);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const params = new URLSearchParams();
    if (draft.action) params.set('action', draft.action);
    if (draft.moderator.trim()) params.set('moderator', draft.moderator.trim());
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location);
  };

  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <>
      <form className={styles.filters} onSubmit={apply} role="search" aria-label={modLogMessages.filter}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-action`}>
            {modLogMessages.actionLabel}
          </label>
          <select
            id={`${id}-action`}
            className={styles.select}
            value={draft.action}
            onChange={(e) => setDraft((d) => ({ ...d, action: e.target.value }))}
          >
            <option value="">{modLogMessages.allActions}</option>
            {MOD_LOG_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {modLogMessages.actionNames[action]}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-moderator`}>
            {modLogMessages.moderatorLabel}
          </label>
          <input
            id={`${id}-moderator`}
            className={styles.input}
            value={draft.moderator}
            placeholder={modLogMessages.moderatorPlaceholder}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            onChange={(e) => setDraft((d) => ({ ...d, moderator: e.target.value }))}
          />
        </div>
        <Button type="submit">{modLogMessages.filter}</Button>
      </form>
      {log.isPending ? (
        <Skeleton lines={2} count={4} label="Loading the moderation log" />
      ) : log.isError && !log.data ? (
        <div role="alert">
          <p className={styles.error}>{errorText(log.error)}</p>
          <Button onClick={() => void log.refetch()}>{messages.common.retry}</Button>
        </div>
      ) : entries.length === 0 ? (
        <p className={styles.muted}>
          {filters.action || filters.moderator ? modLogMessages.emptyFiltered : modLogMessages.empty}
        </p>
      ) : (
        <ul className={styles.list} aria-label={modLogMessages.heading}>
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} showCommunity={community === null} />
          ))}
        </ul>
      )}
      {log.isFetchNextPageError && (
        <p className={styles.error} role="alert">
          {errorText(log.error)}
        </p>
      )}
      {log.hasNextPage && (
        <Button
          className={styles.more}
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
          aria-busy={log.isFetchingNextPage || undefined}
        >
          {log.isFetchingNextPage ? 'Loading…' : modLogMessages.loadMore}
        </Button>
      )}
    </>
  );
}
