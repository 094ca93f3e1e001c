import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CommunityRule } from '@commons/shared';
import { api } from '../../../lib/api-client';
import { modtoolsKeys } from './keys';

export interface RuleText {
  rule: string;
  description: string;
}

/**
 * The rule routes (API.md §11.6): add (`POST`, answers the full list), edit and reorder (`PUT` with the
 * rule, its description and its `zIndex`), delete. The tab and the community page's sidebar read the
 * rules from the community, which is read again after each change.
 */
export function useRuleMutations(community: { id: string; name: string }) {
  const queryClient = useQueryClient();
  const base = `/communities/${community.id}/rules`;
  const onSuccess = () =>
    queryClient.invalidateQueries({ queryKey: modtoolsKeys.communityDetail(community.name) });
  const add = useMutation({
    mutationFn: (body: RuleText) => api<CommunityRule[]>(base, { method: 'POST', body }),
    onSuccess,
  });
  const edit = useMutation({
    mutationFn: (rule: Pick<CommunityRule, 'id' | 'rule' | 'description' | 'zIndex'>) =>
      api<CommunityRule>(`${base}/${rule.id}`, {
        method: 'PUT',
        body: { rule: rule.rule, description: rule.description ?? '', zIndex: rule.zIndex },
      }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (ruleId: number) => api<CommunityRule>(`${base}/${ruleId}`, { method: 'DELETE' }),
    onSuccess,
  });
  /** Moving a rule swaps its `zIndex` with its neighbour's: two edits, then one reload. */
  const swap = useMutation({
    mutationFn: async ([a, b]: [CommunityRule, CommunityRule]) => {
      const put = (rule: CommunityRule, zIndex: number) =>
        api<CommunityRule>(`${base}/${rule.id}`, {
          method: 'PUT',
          body: { rule: rule.rule, description: rule.description ?? '', zIndex },
        });
      // Equal z-indexes (rules made before ordering mattered) still need distinct places.
      const [za, zb] = a.zIndex === b.zIndex ? [b.zIndex + 1, a.zIndex] : [b.zIndex, a.zIndex];
      await put(a, za);
      await put(b, zb);
    },
    onSuccess,
  });
  return { add, edit, remove, swap };
}
