import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityWithoutMods, Image } from '@commons/shared';
import { api, upload } from '../../../lib/api-client';
import { modtoolsKeys } from './keys';

/** The community's profile picture (`pro_pic`) or its banner (`banner_image`), API.md §11.10. */
export type CommunityImageKind = 'pro_pic' | 'banner_image';

interface UploadVariables {
  file: File;
  onProgress: (fraction: number) => void;
}

/**
 * Upload (multipart part `image`, with progress) or delete one of a community's images. The answer has
 * no moderators or rules, so the whole community is read again.
 */
export function useCommunityImage(community: { id: string; name: string }, kind: CommunityImageKind) {
  const queryClient = useQueryClient();
  const path = `/communities/${community.id}/${kind}`;
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: modtoolsKeys.communityDetail(community.name) });
  const send = useMutation({
    mutationFn: ({ file, onProgress }: UploadVariables) => {
      const form = new FormData();
      form.append('image', file, file.name);
      return upload<CommunityWithoutMods>(path, form, { onProgress });
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => api<CommunityWithoutMods>(path, { method: 'DELETE' }),
    onSuccess,
  });
  return { send, remove };
}

/** `PUT /api/images/{id}` (API.md §9.2): a community image's alt text. */
export function useCommunityAltText(community: { name: string }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ imageId, altText }: { imageId: string; altText: string }) =>
      api<Image>(`/images/${imageId}`, { method: 'PUT', body: { altText } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: modtoolsKeys.communityDetail(community.name) }),
  });
}
