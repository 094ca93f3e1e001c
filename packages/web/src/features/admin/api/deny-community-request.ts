import { useMutation, useQueryClient } from '@tanstack/react-query';
import { charLength, limits, messages, type CommunityRequest } from '@commons/shared';
import { api, ApiError } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The denial's text as the client sends it (API.md §16.1): the standard sentence, then the note. */
export function denialBody(communityName: string, note: string): string {
  const extra = note.trim();
  return extra
    ? `${messages.admin.requestDeclined(communityName)} ${extra}`
    : messages.admin.requestDeclined(communityName);
}

/**
 * How long the note may be: the server keeps the whole text to its limit, sentence and space
 * included, so a note counted to the full limit would lose its end.
 */
export function denialNoteMax(communityName: string): number {
  return limits.communityRequestNoteMax - charLength(`${messages.admin.requestDeclined(communityName)} `);
}

/**
 * `POST /api/_admin` with `deny_comm` (API.md §16.1). Resolves `'denied_now'`, or `'denied_prev'` when
 * another admin denied it first (400 `already_denied`); either way the list is read again, so the row
 * shows who denied it.
 */
export function useDenyCommunityRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ request, note }: { request: CommunityRequest; note: string }) => {
      try {
        await api('/_admin', {
          method: 'POST',
          body: { action: 'deny_comm', id: request.id, body: denialBody(request.communityName, note) },
        });
        return 'denied_now' as const;
      } catch (error) {
        if (error instanceof ApiError && error.code === 'already_denied') return 'denied_prev' as const;
        throw error;
      }
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.communityRequests }),
  });
}
