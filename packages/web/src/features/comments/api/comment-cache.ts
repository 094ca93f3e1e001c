import type { QueryClient } from '@tanstack/react-query';
import type { Comment } from '@commons/shared';
import { updateProfileItems } from '../../posts';
import { commentKeys } from './keys';

/** The comments of one post loaded so far: the server's pages, replies loaded later, the reader's own. */
export interface LoadedComments {
  comments: Comment[];
  /** The cursor of the next page, or null at the end. */
  next: string | null;
}

/** Changes one comment wherever it is shown: a post's loaded comments, profile feeds. */
export function updateComment(queryClient: QueryClient, id: string, change: (c: Comment) => Comment): void {
  queryClient.setQueriesData<LoadedComments>({ queryKey: commentKeys.all }, (data) => {
    if (!data || !data.comments.some((c) => c.id === id)) return data;
    return { ...data, comments: data.comments.map((c) => (c.id === id ? change(c) : c)) };
  });
  updateProfileItems(queryClient, (item) =>
    item.type === 'comment' && item.item.id === id ? { ...item, item: change(item.item) } : item,
  );
}

export function replaceComment(queryClient: QueryClient, comment: Comment): void {
  updateComment(queryClient, comment.id, () => comment);
}
