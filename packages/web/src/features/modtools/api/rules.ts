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
  /**
   * Moving a rule: `[rule, neighbour]`, in the order shown (`ordered`). Distinct places are swapped: two
   * edits, then one reload. Where places tie (rules made before ordering mattered, or set so through
   * the API), the new order is numbered again from the top, editing only the rules whose place must
   * rise; a swap of equal numbers would change nothing.
   */
  const swap = useMutation({
    mutationFn: async ([a, b, ordered]: [CommunityRule, CommunityRule, CommunityRule[]]) => {
      const put = (rule: CommunityRule, zIndex: number) =>
        api<CommunityRule>(`${base}/${rule.id}`, {
          method: 'PUT',
          body: { rule: rule.rule, description: rule.description ?? '', zIndex },
        });
      if (a.zIndex !== b.zIndex) {
        await put(a, b.zIndex);
        await put(b, a.zIndex);
        return;
      }
      for (const [rule, zIndex] of renumbered(swapped(ordered, a, b))) await put(rule, zIndex);
    },
    onSuccess,
  });
  return { add, edit, remove, swap };
}

function swapped(ordered: CommunityRule[], a: CommunityRule, b: CommunityRule): CommunityRule[] {
  return ordered.map((rule) => (rule.id === a.id ? b : rule.id === b.id ? a : rule));
}

/** Places strictly rising in `order`, each rule kept at its own unless that would not rise: the changes. */
export function renumbered(order: CommunityRule[]): [CommunityRule, number][] {
  const changes: [CommunityRule, number][] = [];
  let last = -Infinity;
  for (const rule of order) {
    const zIndex = rule.zIndex > last ? rule.zIndex : last + 1;
    if (zIndex !== rule.zIndex) changes.push([rule, zIndex]);
    last = zIndex;
  }
  return changes;
}
