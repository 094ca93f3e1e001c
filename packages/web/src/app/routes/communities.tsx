import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useEffectEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import {
  isCommunitySort,
  messages,
  ui,
  type CommunitySort,
  type CommunityWithoutMods,
} from '@commons/shared';
import { Avatar } from '../../components/ui/Avatar';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Icon } from '../../components/ui/Icon';
import { Skeleton } from '../../components/ui/Skeleton';
import { errorText } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthDialogs } from '../../features/auth/components/AuthDialogs';
import { useJoinCommunity } from '../../features/communities/api/join-community';
import { communityKeys } from '../../features/communities/api/keys';
import { sortCommunities, useCommunities } from '../../features/communities/api/list-communities';
import { memberCount, useDebouncedValue } from '../../features/communities/components/CommunityPicker';
import { useCurrentUser } from '../../features/session/api/get-current-user';
import styles from './communities.module.css';

const CreateCommunityModal = lazy(() => import('../../features/communities/components/CreateCommunityModal'));
const RequestCommunityModal = lazy(
  () => import('../../features/communities/components/RequestCommunityModal'),
);

const SORT_LABELS: { sort: CommunitySort; label: string }[] = [
  { sort: 'size', label: 'Popular' },
  { sort: 'new', label: 'Latest' },
  { sort: 'old', label: 'Oldest' },
  { sort: 'name_asc', label: 'A–Z' },
  { sort: 'name_dsc', label: 'Z–A' },
];

const DEFAULT_SORT: CommunitySort = 'size';

/** The description as a line of plain text: markdown marks, links and line breaks left out. */
function excerpt(about: string): string {
  return about
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function JoinButton({ community }: { community: CommunityWithoutMods }) {
  const user = useCurrentUser();
  const { openLoginPrompt } = useAuthDialogs();
  const join = useJoinCommunity();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const joined = community.userJoined === true;

  const send = (leave: boolean) =>
    join.mutate(
      { community: { ...community, mods: null }, leave },
      {
        onSuccess: (updated) =>
          queryClient.setQueriesData<CommunityWithoutMods[]>({ queryKey: communityKeys.lists }, (list) =>
            list?.map((c) => (c.id === updated.id ? { ...c, ...updated } : c)),
          ),
      },
    );

  const onClick = () => {
    if (!user) return openLoginPrompt();
    if (joined && community.userMod) return setConfirming(true);
    send(joined);
  };

  return (
    <>
      <Button
        size="sm"
        variant={joined ? 'secondary' : 'primary'}
        aria-pressed={joined}
        disabled={join.isPending}
        onClick={onClick}
        className={styles.join}
      >
        {joined ? 'Joined' : 'Join'}
        <span className="visually-hidden"> {community.name}</span>
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Leave ${community.name}?`}
        confirmLabel="Leave"
        danger
        busy={join.isPending}
        onConfirm={() => {
          setConfirming(false);
          send(true);
        }}
      >
        <p>
          You are a moderator of {community.name}. If you leave, you will no longer be one of its moderators.
        </p>
      </ConfirmDialog>
    </>
  );
}

/**
 * All communities (core §2 `/communities`): sorted by size (Popular, the default), newest, oldest or
 * name either way, searchable, each with its icon, name, member count, description and Join button.
 * Sort and search live in the query string (`?sort=…&q=…`), so a view can be shared and Back works.
 */
export default function CommunitiesPage() {
  useDocumentTitle('Communities');
  const id = useId();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const sortParam = params.get('sort');
  const sort: CommunitySort = isCommunitySort(sortParam) ? sortParam : DEFAULT_SORT;
  const q = (params.get('q') ?? '').trim();
  const { openLoginPrompt } = useAuthDialogs();
  const [creating, setCreating] = useState(false);
  /** The request-community modal, with the name it starts from. */
  const [requesting, setRequesting] = useState<string | null>(null);

  // The search field types freely; the query string follows 200 ms after typing stops.
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== text.trim()) setText(q);
  }
  const typed = useDebouncedValue(text.trim(), ui.communitySearchDebounceMs);

  const update = (changes: { sort?: CommunitySort; q?: string }, replace: boolean) => {
    const nextSort = changes.sort ?? sort;
    const nextQ = changes.q ?? q;
    const next = new URLSearchParams();
    if (nextSort !== DEFAULT_SORT) next.set('sort', nextSort);
    if (nextQ) next.set('q', nextQ);
    setParams(next, { replace });
  };

  const syncQuery = (value: string) => {
    if (value !== q) update({ q: value }, true);
  };
  const onTyped = useEffectEvent(syncQuery);
  useEffect(() => onTyped(typed), [typed]);

  const list = useCommunities(sort, q);
  const communities = list.data ? (q ? sortCommunities(list.data, sort) : list.data) : [];

  return (
    <section className={styles.page} aria-labelledby={`${id}-title`}>
      <header className={styles.header}>
        <h1 id={`${id}-title`} className={styles.title}>
          Communities
        </h1>
        <div className={styles.headerActions}>
          {/* Admins create any community; members who cannot yet ask the admins for one (secondary §6). */}
          {!user?.isAdmin && (
            <Button onClick={() => (user ? setRequesting('') : openLoginPrompt())}>Request community</Button>
          )}
          {user && (
            <Button variant="primary" onClick={() => setCreating(true)}>
              <Icon name="plus" size={18} />
              Create community
            </Button>
          )}
        </div>
      </header>

      <div className={styles.controls}>
        <div className={styles.search}>
          <label htmlFor={`${id}-search`} className="visually-hidden">
            Search communities
          </label>
          <Icon name="search" size={18} />
          <input
            id={`${id}-search`}
            type="search"
            className={styles.searchInput}
            placeholder="Search communities"
            autoComplete="off"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') syncQuery(text.trim());
            }}
          />
        </div>
        <div role="group" aria-label="Sort communities" className={styles.sorts}>
          {SORT_LABELS.map((option) => (
            <button
              key={option.sort}
              type="button"
              aria-pressed={option.sort === sort}
              className={`${styles.sort} ${option.sort === sort ? styles.sortActive : ''}`}
              onClick={() => update({ sort: option.sort }, false)}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>

      {list.isPending ? (
        <Skeleton lines={2} count={7} label="Loading communities" />
      ) : list.isError && !list.data ? (
        <div className={styles.empty} role="alert">
          <p>{errorText(list.error)}</p>
          <Button onClick={() => void list.refetch()} disabled={list.isFetching}>
            {messages.common.retry}
          </Button>
        </div>
      ) : communities.length === 0 ? (
        <p className={styles.empty}>{q ? `No communities match “${q}”.` : messages.common.nothingToShow}</p>
      ) : (
        <ul
          className={styles.list}
          aria-label={q ? `Communities matching ${q}` : 'All communities'}
          aria-busy={list.isFetching}
        >
          {communities.map((community) => (
            <li key={community.id} className={styles.item}>
              <Link href={`/${community.name}`} className={styles.itemLink}>
                <Avatar kind="community" name={community.name} image={community.proPic} size={44} />
                <span className={styles.itemText}>
                  <span className={styles.name}>{community.name}</span>
                  <span className={styles.members}>{memberCount(community.noMembers)}</span>
                </span>
              </Link>
              {community.about && <p className={styles.about}>{excerpt(community.about)}</p>}
              <JoinButton community={community} />
            </li>
          ))}
        </ul>
      )}

      {creating && (
        <Suspense fallback={null}>
          <CreateCommunityModal
            onClose={() => setCreating(false)}
            onRequestInstead={(name) => {
              setCreating(false);
              setRequesting(name);
            }}
          />
        </Suspense>
      )}
      {requesting !== null && (
        <Suspense fallback={null}>
          <RequestCommunityModal initialName={requesting} onClose={() => setRequesting(null)} />
        </Suspense>
      )}
    </section>
  );
}
