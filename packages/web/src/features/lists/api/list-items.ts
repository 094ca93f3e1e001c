import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages, type List } from '@commons/shared';
import { showAlert } from '../../../components/ui/Toasts';
import { api, errorText } from '../../../lib/api-client';
import { listPath } from './get-list';
import { listKeys, type ListTargetType } from './keys';
import type { ListItemsPage } from './list-types';
import { setSessionLists } from './lists-cache';

export interface ListTarget {
  targetType: ListTargetType;
  targetId: string;
}

/** Adds or removes one item by the list's id (API.md §14.4). */
function sendItem(list: List, target: ListTarget, add: boolean): Promise<ListItemsPage> {
  return api<ListItemsPage>(`/lists/${list.id}/items`, {
    method: add ? 'POST' : 'DELETE',
    body: { targetType: target.targetType, targetId: target.targetId },
  });
}

/** A list's count (and, when added to, its last update) wherever the list is cached. */
function countChanged(queryClient: QueryClient, listId: number, change: (list: List) => List): void {
  const apply = (l: List) => (l.id === listId ? change(l) : l);
  setSessionLists(queryClient, (lists) => lists.map(apply));
  queryClient.setQueriesData<List[]>({ queryKey: listKeys.userListsAll }, (lists) => lists?.map(apply));
  queryClient.setQueriesData<List>({ queryKey: listKeys.lists }, (list) => (list ? apply(list) : list));
}

const setSavedTo = (queryClient: QueryClient, target: ListTarget, change: (ids: number[]) => number[]) =>
  queryClient.setQueryData<number[]>(listKeys.savedTo(target.targetType, target.targetId), (ids) =>
    change(ids ?? []),
  );

/**
 * The checkboxes of the save-to-list modal (secondary §4): ticking adds the target to the list,
 * unticking removes it. A box shows the click at once, while its request is under way, then what the
 * cache holds: the change on success, the old state again on failure.
 */
export function useToggleListItem(target: ListTarget) {
  const queryClient = useQueryClient();
  // The boxes with a request under way, and what they were set to. The cache alone cannot show them: a
  // mutation's onMutate runs a tick after the click, and a read of the saved lists already on its way
  // (the modal reads them whenever its boxes show) could answer after the change and undo it.
  const [pending, setPending] = useState<ReadonlyMap<number, boolean>>(new Map());
  const settle = (listId: number) =>
    setPending((before) => {
      const next = new Map(before);
      next.delete(listId);
      return next;
    });
  const savedToKey = listKeys.savedTo(target.targetType, target.targetId);
  const { mutate } = useMutation({
    mutationFn: ({ list, add }: { list: List; add: boolean }) => sendItem(list, target, add),
    onMutate: async ({ list, add }) => {
      await queryClient.cancelQueries({ queryKey: savedToKey });
      setSavedTo(queryClient, target, (ids) =>
        add ? [...ids.filter((id) => id !== list.id), list.id] : ids.filter((id) => id !== list.id),
      );
    },
    onError: (error, { list, add }) => {
      setSavedTo(queryClient, target, (ids) =>
        add ? ids.filter((id) => id !== list.id) : [...ids.filter((id) => id !== list.id), list.id],
      );
      showAlert(errorText(error), { tone: 'error' });
    },
    onSuccess: async (_page, { list, add }) => {
      showAlert(
        add ? messages.lists.savedTo(list.displayName) : messages.lists.removedFrom(list.displayName),
        { tone: 'success' },
      );
      countChanged(queryClient, list.id, (l) =>
        add
          ? { ...l, numItems: l.numItems + 1, lastUpdatedAt: new Date().toISOString() }
          : { ...l, numItems: Math.max(0, l.numItems - 1) },
      );
      await queryClient.invalidateQueries({ queryKey: listKeys.itemsAll });
    },
    onSettled: (_page, _error, { list }) => settle(list.id),
  });
  return {
    /** Whether the box of `list` shows ticked, given what the server said it holds. */
    ticked: (list: List, saved: boolean) => pending.get(list.id) ?? saved,
    toggle: (list: List, add: boolean) => {
      setPending((before) => new Map(before).set(list.id, add));
      mutate({ list, add });
    },
  };
}

/** "Remove from list" on a list's page: the item leaves the page when the server has removed it. */
export function useRemoveListItem(list: List) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: ListTarget) => sendItem(list, target, false),
    onSuccess: (_page, target) => {
      queryClient.setQueriesData<InfiniteData<ListItemsPage>>({ queryKey: listKeys.itemsAll }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                items: page.items.filter(
                  (item) =>
                    !(
                      item.listId === list.id &&
                      item.targetType === target.targetType &&
                      item.targetId === target.targetId
                    ),
                ),
              })),
            }
          : data,
      );
      setSavedTo(queryClient, target, (ids) => ids.filter((id) => id !== list.id));
      countChanged(queryClient, list.id, (l) => ({ ...l, numItems: Math.max(0, l.numItems - 1) }));
      showAlert(messages.lists.removedFrom(list.displayName), { tone: 'success' });
    },
    onError: (error) => showAlert(errorText(error), { tone: 'error' }),
  });
}

/** "Remove all": `DELETE …/lists/{name}/items` with no body empties the list (API.md §14.4). */
export function useClearList(list: List) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<ListItemsPage>(`${listPath(list.username, list.name)}/items`, { method: 'DELETE' }),
    onSuccess: async () => {
      countChanged(queryClient, list.id, (l) => ({ ...l, numItems: 0 }));
      queryClient.removeQueries({ queryKey: listKeys.savedToAll });
      await queryClient.invalidateQueries({ queryKey: listKeys.itemsAll });
    },
    onError: (error) => showAlert(errorText(error), { tone: 'error' }),
  });
}
