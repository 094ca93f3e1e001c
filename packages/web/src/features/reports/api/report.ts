import { useMutation } from '@tanstack/react-query';
import { messages, type Report, type ReportType } from '@commons/shared';
import { api, ApiError, errorText } from '../../../lib/api-client';

/** `POST /api/_report` (API.md §11.11). */
export function useReport() {
  return useMutation({
    mutationFn: ({ type, targetId, reason }: { type: ReportType; targetId: string; reason: number }) =>
      api<Report>('/_report', { method: 'POST', body: { type, targetId, reason } }),
  });
}

/** What to tell the reporter when a report is refused: a repeat has its own message (core §8). */
export function reportErrorText(error: unknown, type: ReportType): string {
  if (error instanceof ApiError && error.status === 409) return messages.reports.alreadyReported(type);
  if (error instanceof ApiError && error.status === 403 && error.body) return error.body.message;
  return errorText(error);
}
