import { api, ApiError } from '../../../lib/api-client';

/**
 * Is the name free? `GET /api/users/{name}`: 404 means free (API.md §7.1). Null when the check itself
 * failed, so the form does not block on a flaky network (the server checks again on submit).
 */
export async function isUsernameAvailable(username: string): Promise<boolean | null> {
  try {
    await api(`/users/${encodeURIComponent(username)}`);
    return false;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return true;
    return null;
  }
}
