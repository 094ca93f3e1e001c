import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { IPBlock } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface BlockIpBody {
  address: string;
  /** Hours; null never expires. */
  expiresIn: number | null;
  note: string;
}

/** `POST /api/ipblocks` (API.md §16.3): the answer is the new block, in effect at once. */
export function useBlockIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlockIpBody) => api<IPBlock>('/ipblocks', { method: 'POST', body }),
    // The new block goes first among those in effect: the list is read again in the server's order.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.ipBlocks }),
  });
}
