import { useMemo, useState } from 'react';
import { Link, Redirect, useLocation } from 'wouter';
import { messages, ui, type List } from '@commons/shared';
import { Button } from '../../components/ui/Button';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { Icon } from '../../components/ui/Icon';
import { Skeleton } from '../../components/ui/Skeleton';
import { ApiError, errorText } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useFeedLinks } from '../../lib/use-feed-links';
import { feedLinks } from '@commons/shared/texts/feeds';
import { siteConfig } from '../site-config';
import { useDeleteList } from '../../features/lists/api/delete-list';
import { useList } from '../../features/lists/api/get-list';
import { useListItems } from '../../features/lists/api/get-list-items';
import { useClearList, useRemoveListItem } from '../../features/lists/api/list-items';
import type { ListItem } from '../../features/lists/api/list-types';
import { EditListModal } from '../../features/lists/components/EditListModal';
import { itemCount, listHref, Visibility } from '../../features/lists/components/ListRows';
import styles from '../../features/lists/components/Lists.module.css';
import { FeedPaging, PostCard, useFeedLayout } from '../../features/posts';
import { ProfileComment } from '../../features/profiles/components/ProfileComment';
import { useCurrentUser } from '../../features/session/api/get-current-user';
import { LoadFailed } from './page-parts';
import { NotFoundPage } from './not-found';

type Pending = 'clear' | 'delete' | null;

/**
 * One list (secondary §2 `/@{username}/lists/{listName}`): its items, posts as feed cards and comments
 * as profile comment cards, paged as feeds are. A missing list, or another's private one, is not
 * found. The owner edits the list, removes one item or all of them, and deletes the list.
 */
export default function ListPage({ username, listName }: { username: string; listName: string }) {
  const query = useList(username, listName);
  const list = query.data;
  useDocumentTitle(list ? list.displayName : listName);
  // Only a public list has a feed.
  useFeedLinks(list?.public ? [feedLinks.list(siteConfig.siteName, list)] : []);

  if (!list) {
    if (query.isError) {
      if (query.error instanceof ApiError && query.error.status === 404) return <NotFoundPage />;
      return (
        <LoadFailed error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      );
    }
    return <Skeleton lines={3} count={3} label="Loading list" />;
  }
  if (list.username !== username) return <Redirect to={listHref(list)} replace />;
  return <ListView key={list.id} list={list} />;
}

function ListView({ list }: { list: List }) {
  const viewer = useCurrentUser();
  const [, navigate] = useLocation();
  const owner = viewer?.id === list.userId;
  const [editing, setEditing] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const clear = useClearList(list);
  const remove = useDeleteList();

  return (
    <section className={styles.page} aria-labelledby="list-title">
      <header className={styles.listHeader}>
        <h1 id="list-title" className={styles.title} dir="auto">
          {list.displayName}
        </h1>
        <p className={`${styles.listMeta} ${styles.byline}`}>
          <Link href={`/@${list.username}/lists`}>@{list.username}</Link>
          <span>{itemCount(list.numItems)}</span>
          <Visibility list={list} />
        </p>
        {list.description && (
          <p className={styles.description} dir="auto">
            {list.description}
          </p>
        )}
        {owner && (
          <div className={styles.ownerActions}>
            <Button size="sm" onClick={() => setEditing(true)}>
              <Icon name="edit" size={16} />
              Edit
            </Button>
            <Button size="sm" onClick={() => setPending('clear')} disabled={list.numItems === 0}>
              <Icon name="close" size={16} />
              Remove all
            </Button>
            <Button size="sm" variant="danger" onClick={() => setPending('delete')}>
              <Icon name="trash" size={16} />
              Delete list
            </Button>
          </div>
        )}
      </header>

      <ListItems list={list} owner={owner} />

      {owner && editing && (
        <EditListModal
          username={list.username}
          list={list}
          onClose={() => setEditing(false)}
          onDone={(saved) => {
            if (saved.name !== list.name) navigate(listHref(saved), { replace: true });
          }}
        />
      )}
      {owner && (
        <ConfirmDialog
          open={pending !== null}
          onOpenChange={(open) => !open && setPending(null)}
          title={
            pending === 'delete'
              ? `Delete ${list.displayName}?`
              : `Remove all items from ${list.displayName}?`
          }
          confirmLabel={pending === 'delete' ? 'Delete list' : 'Remove all'}
          danger
          busy={clear.isPending || remove.isPending}
          onConfirm={() => {
            if (pending === 'delete') {
              remove.mutate(list, {
                onSuccess: () => navigate(`/@${list.username}/lists`, { replace: true }),
                onSettled: () => setPending(null),
              });
            } else {
              clear.mutate(undefined, { onSettled: () => setPending(null) });
            }
          }}
        >
          <p>
            {pending === 'delete'
              ? `${messages.common.areYouSure} The list and everything saved in it will be gone.`
              : `${messages.common.areYouSure} The posts and comments stay where they are.`}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function ListItems({ list, owner }: { list: List; owner: boolean }) {
  const query = useListItems(list.username, list.name, true);
  const { data, isFetchingNextPage } = query;
  const [layout] = useFeedLayout();
  const removeItem = useRemoveListItem(list);
  const items = useMemo<ListItem[]>(() => data?.pages.flatMap((p) => p.items) ?? [], [data]);

  if (!data && query.isError) {
    return (
      <div role="alert" className={styles.message}>
        <p>{errorText(query.error)}</p>
        <Button onClick={() => void query.refetch()}>{messages.common.retry}</Button>
      </div>
    );
  }
  if (!data) return <Skeleton lines={3} count={4} label="Loading items" />;
  if (items.length === 0) {
    return (
      <div className={styles.message}>
        <p>{messages.common.nothingToShow}</p>
      </div>
    );
  }

  const removeButton = (item: ListItem) =>
    owner ? (
      <button
        type="button"
        className={styles.textButton}
        disabled={removeItem.isPending}
        onClick={() => removeItem.mutate({ targetType: item.targetType, targetId: item.targetId })}
      >
        Remove from list
      </button>
    ) : null;

  return (
    <section aria-label={`Items of ${list.displayName}`} aria-busy={isFetchingNextPage}>
      <ul className={styles.items}>
        {items.map((item, index) => (
          <li key={item.id}>
            {item.targetItem === null ? (
              <div className={styles.gone}>
                <span>This {item.targetType} is no longer available.</span>
                {removeButton(item)}
              </div>
            ) : item.targetType === 'post' ? (
              <PostCard
                post={item.targetItem}
                layout={layout}
                eager={index < ui.feedEagerImages}
                onRemoveFromList={
                  owner ? () => removeItem.mutate({ targetType: 'post', targetId: item.targetId }) : undefined
                }
              />
            ) : (
              <ProfileComment comment={item.targetItem} actions={removeButton(item)} withAuthor />
            )}
          </li>
        ))}
      </ul>
      <FeedPaging query={query} />
    </section>
  );
}
