import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, UserGroupName } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { postKeys, replacePostEverywhere } from '../../posts';

export interface PostEdit {
  title: string;
  body: string;
  /** Sent as the reference client does; the server ignores it (the group changes through a post action). */
  userGroup: UserGroupName;
}

/** `PUT /api/posts/{publicId}` without an action (API.md §8.4): the author edits title and body. */
export function editPost(publicId: string, edit: PostEdit): Promise<Post> {
  return api<Post>(`/posts/${encodeURIComponent(publicId)}`, { method: 'PUT', body: edit });
}

/**
 * After an edit, the cached copies of the post (feeds, the post page) show the new title and body at
 * once, and the post page reads the post again when it is next shown.
 */
export function useEditPost(publicId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (edit: PostEdit) => editPost(publicId, edit),
    onSuccess: async (updated) => {
      replacePostEverywhere(queryClient, updated);
      await queryClient.invalidateQueries({ queryKey: postKeys.detail(publicId) });
    },
  });
}
