import { messages } from '@commons/shared';
import { ApiError } from '../../../lib/api-client';

/** The ban form's expiry choices: permanent, or lifted after this many hours. */
export const BAN_DURATIONS = [
  { value: '', label: 'Permanent' },
  { value: '1', label: '1 hour' },
  { value: '24', label: '1 day' },
  { value: '168', label: '1 week' },
  { value: '720', label: '30 days' },
] as const;

/** The `expires` of a ban lasting `hours` from `now` (RFC 3339), or undefined for a permanent one. */
export function banExpiry(hours: string, now: Date): string | undefined {
  const n = Number(hours);
  if (!hours || !Number.isFinite(n) || n <= 0) return undefined;
  return new Date(now.getTime() + n * 3_600_000).toISOString();
}

/** A refused ban in the spec's words (secondary §8); null for answers that go to the generic alert. */
export function banErrorText(error: unknown, username: string): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 404) return messages.moderation.noSuchUser;
  if (error.status === 409) return messages.moderation.alreadyBanned(username);
  if (error.status === 403) return messages.moderation.forbidden;
  return null;
}
