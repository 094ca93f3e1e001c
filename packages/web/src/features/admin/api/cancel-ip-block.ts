import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { IPBlock, IPBlockPage } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** `DELETE /api/ipblocks/{id}` (API.md §16.3): the answer is the cancelled block, which replaces its row. */
export function useCancelIpBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (block: IPBlock) => api<IPBlock>(`/ipblocks/${block.id}`, { method: 'DELETE' }),
    onSuccess: (cancelled) =>
      queryClient.setQueryData<InfiniteData<IPBlockPage>>(
        adminKeys.ipBlocks,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              blocks: page.blocks.map((b) => (b.id === cancelled.id ? cancelled : b)),
            })),
          },
      ),
  });
}
