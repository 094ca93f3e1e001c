import type { LinkInfo } from '@commons/shared';
import { api } from '../../../lib/api-client';

/**
 * The title of the page at `url` (`GET /api/_link_info`, API.md §16.5): its `og:title`, or "" when it
 * has none or cannot be reached. Failures count as no title: the title is only a convenience.
 */
export async function fetchLinkTitle(url: string, signal?: AbortSignal): Promise<string> {
  try {
    const info = await api<LinkInfo>('/_link_info', { query: { url }, signal });
    return info.title.trim();
  } catch {
    return '';
  }
}
