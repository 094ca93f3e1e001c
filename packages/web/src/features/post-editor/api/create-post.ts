import { useMutation } from '@tanstack/react-query';
import type { Post, PostTypeName, UserGroupName } from '@commons/shared';
import { api } from '../../../lib/api-client';

/** What the editor sends to `POST /api/posts` (API.md §8.2). */
export interface NewPost {
  type: PostTypeName;
  title: string;
  body: string;
  /** The community's name. */
  community: string;
  userGroup: UserGroupName;
  images?: { imageId: string; caption: string }[];
  url?: string;
}

export function createPost(body: NewPost): Promise<Post> {
  return api<Post>('/posts', { method: 'POST', body });
}

export function useCreatePost() {
  return useMutation({ mutationFn: createPost });
}
